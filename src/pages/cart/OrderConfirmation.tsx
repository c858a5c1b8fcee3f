import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function OrderConfirmationPage() {
  return <PagePlaceholder title="Order Confirmation" />;
}
