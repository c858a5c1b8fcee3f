import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function AllReviewsPage() {
  return <PagePlaceholder title="Reviews" />;
}
