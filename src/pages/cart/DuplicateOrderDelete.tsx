import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function DuplicateOrderDeletePage() {
  return <PagePlaceholder title="Duplicate Order" />;
}
