import { StatusPage } from './StatusPage.tsx';

export default function MaintenancePage() {
  return (
    <StatusPage
      heading="We are upgrading the store"
      subheading="Kasrat is down for scheduled maintenance and will be back shortly. Orders already placed are not affected."
      action={{ label: 'Try Again', to: '/', reload: true }}
    />
  );
}
