import { PagePlaceholder } from '../../../ui/PagePlaceholder.tsx';

export default function AllReviewsPage() {
  return <PagePlaceholder title="Reviews" />;
}
