import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function CategoryPagePage() {
  return <PagePlaceholder title="Category" />;
}
