import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function OrdersPage() {
  return <PagePlaceholder title="My Orders" />;
}
