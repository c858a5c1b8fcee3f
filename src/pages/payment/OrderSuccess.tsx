import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function OrderSuccessPage() {
  return <PagePlaceholder title="Order Placed" />;
}
