import { StatusPage } from './StatusPage.tsx';

export default function NoInternetPage() {
  return (
    <StatusPage
      heading="No internet connection"
      subheading="Check your mobile data or Wi-Fi and try again."
      action={{ label: 'Retry', to: '/', reload: true }}
    />
  );
}
