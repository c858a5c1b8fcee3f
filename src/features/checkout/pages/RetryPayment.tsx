import { PagePlaceholder } from '../../../ui/PagePlaceholder.tsx';

export default function RetryPaymentPage() {
  return <PagePlaceholder title="Retry Payment" />;
}
