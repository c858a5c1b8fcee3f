import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function ReturnItemPage() {
  return <PagePlaceholder title="Return Item" />;
}
