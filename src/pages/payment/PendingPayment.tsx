import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function PendingPaymentPage() {
  return <PagePlaceholder title="Payment Pending" />;
}
