import { PagePlaceholder } from '../../../ui/PagePlaceholder.tsx';

export default function BrandReviewsPage() {
  return <PagePlaceholder title="Brand Reviews" />;
}
