import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function OrderDeliveredPage() {
  return <PagePlaceholder title="Order Delivered" />;
}
