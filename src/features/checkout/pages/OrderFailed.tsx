import { PagePlaceholder } from '../../../ui/PagePlaceholder.tsx';

export default function OrderFailedPage() {
  return <PagePlaceholder title="Order Failed" />;
}
