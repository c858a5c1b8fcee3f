import { ReviewsPageFrame } from './ReviewsPageFrame.tsx';

/** /{productName}/reviews/ (SPEC §2): reviews across the store. */
export default function AllReviewsPage() {
  return <ReviewsPageFrame scope={{ kind: 'all' }} heading={() => 'Kasrat shopper reviews'} />;
}
