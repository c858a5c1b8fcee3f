import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function ProductReviewsPage() {
  return <PagePlaceholder title="Product Reviews" />;
}
