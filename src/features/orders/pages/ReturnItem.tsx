import { PagePlaceholder } from '../../../ui/PagePlaceholder.tsx';

export default function ReturnItemPage() {
  return <PagePlaceholder title="Return Item" />;
}
