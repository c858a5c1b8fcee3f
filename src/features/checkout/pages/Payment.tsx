import { PagePlaceholder } from '../../../ui/PagePlaceholder.tsx';

export default function PaymentPage() {
  return <PagePlaceholder title="Payment" />;
}
