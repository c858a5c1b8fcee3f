import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function PaymentPage() {
  return <PagePlaceholder title="Payment" />;
}
