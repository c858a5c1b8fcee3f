import { PagePlaceholder } from '../../../ui/PagePlaceholder.tsx';

export default function ProductReviewsPage() {
  return <PagePlaceholder title="Product Reviews" />;
}
