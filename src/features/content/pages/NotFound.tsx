import { StatusPage } from './StatusPage.tsx';

export function NotFoundPage() {
  return (
    <StatusPage
      code="404"
      heading="Page not found"
      subheading="The page you are looking for has moved or does not exist. Our supplements are still here."
      action={{ label: 'Continue Shopping', to: '/' }}
    />
  );
}
export default NotFoundPage;
