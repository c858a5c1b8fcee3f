import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function AllCategoriesPage() {
  return <PagePlaceholder title="All Categories" />;
}
