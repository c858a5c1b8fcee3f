import { PagePlaceholder } from '../../../ui/PagePlaceholder.tsx';

export default function OrderSuccessPage() {
  return <PagePlaceholder title="Order Placed" />;
}
