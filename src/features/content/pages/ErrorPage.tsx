import { StatusPage } from './StatusPage.tsx';

export default function ErrorPage() {
  return (
    <StatusPage
      code="500"
      heading="Something went wrong on our side"
      subheading="We could not complete that request. Please try again in a moment; your cart is safe."
      action={{ label: 'Back to Home', to: '/' }}
    />
  );
}
