import { PagePlaceholder } from '../../../ui/PagePlaceholder.tsx';

export default function OrderDetailsPage() {
  return <PagePlaceholder title="Order Details" />;
}
