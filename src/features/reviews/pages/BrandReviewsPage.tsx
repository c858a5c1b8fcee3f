import { useParams } from 'react-router-dom';
import { preload } from '../../../api/route-data.ts';
import { idParam, reviewAggregateResource } from '../api.ts';
import { ReviewsPageFrame } from './ReviewsPageFrame.tsx';

/** The brand's rating summary, loaded by the server before it renders. Server-only (docs/decisions/010). */
export const loader = import.meta.env.SSR
  ? async ({ params, context }: { params: { brandId?: string }; context: unknown }): Promise<null> => {
      const id = idParam(params.brandId);
      if (id) await preload(context, [reviewAggregateResource({ kind: 'brand', id })]);
      return null;
    }
  : undefined;

/** /{productName}/reviews/br/{brandId} (SPEC §2): every review of the brand's products. */
export default function BrandReviewsPage() {
  const { brandId } = useParams();
  const id = idParam(brandId);
  if (!id) return <p role="alert">This brand was not found.</p>;
  return <ReviewsPageFrame scope={{ kind: 'brand', id }} heading={(name) => (name ? `${name} reviews` : 'Brand reviews')} />;
}
