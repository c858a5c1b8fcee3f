import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function BrandReviewsPage() {
  return <PagePlaceholder title="Brand Reviews" />;
}
