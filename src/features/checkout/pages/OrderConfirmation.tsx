import { PagePlaceholder } from '../../../ui/PagePlaceholder.tsx';

export default function OrderConfirmationPage() {
  return <PagePlaceholder title="Order Confirmation" />;
}
