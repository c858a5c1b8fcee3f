import { PagePlaceholder } from '../../../ui/PagePlaceholder.tsx';

export default function OrdersPage() {
  return <PagePlaceholder title="My Orders" />;
}
