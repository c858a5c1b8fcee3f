import { useParams } from 'react-router-dom';
import { ReviewsPageFrame } from './ReviewsPageFrame.tsx';

/** /{productName}/reviews/br/{brandId} (SPEC §2): every review of the brand's products. */
export default function BrandReviewsPage() {
  const { brandId } = useParams();
  const id = brandId && /^\d{1,9}$/.test(brandId) && Number(brandId) > 0 ? Number(brandId) : null;
  if (!id) return <p role="alert">This brand was not found.</p>;
  return <ReviewsPageFrame scope={{ kind: 'brand', id }} heading={(name) => (name ? `${name} reviews` : 'Brand reviews')} />;
}
