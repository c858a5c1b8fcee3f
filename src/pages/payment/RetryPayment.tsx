import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function RetryPaymentPage() {
  return <PagePlaceholder title="Retry Payment" />;
}
