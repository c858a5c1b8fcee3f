import { PagePlaceholder } from '../../../ui/PagePlaceholder.tsx';

export default function OrderDeliveredPage() {
  return <PagePlaceholder title="Order Delivered" />;
}
