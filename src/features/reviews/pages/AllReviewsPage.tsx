import { preload } from '../../../api/route-data.ts';
import { reviewAggregateResource } from '../api.ts';
import { ReviewsPageFrame } from './ReviewsPageFrame.tsx';

/** The store's rating summary, loaded by the server before it renders. Server-only (docs/decisions/010). */
export const loader = import.meta.env.SSR
  ? async ({ context }: { context: unknown }): Promise<null> => {
      await preload(context, [reviewAggregateResource({ kind: 'all' })]);
      return null;
    }
  : undefined;

/** /{productName}/reviews/ (SPEC §2): reviews across the store. */
export default function AllReviewsPage() {
  return <ReviewsPageFrame scope={{ kind: 'all' }} heading={() => 'Kasrat shopper reviews'} />;
}
