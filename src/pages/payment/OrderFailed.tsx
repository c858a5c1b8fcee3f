import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function OrderFailedPage() {
  return <PagePlaceholder title="Order Failed" />;
}
