import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function OrderDetailsPage() {
  return <PagePlaceholder title="Order Details" />;
}
