import { PagePlaceholder } from '../../../ui/PagePlaceholder.tsx';

export default function PendingPaymentPage() {
  return <PagePlaceholder title="Payment Pending" />;
}
