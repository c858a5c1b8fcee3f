import type { Review, ReviewList } from '../../../schemas/review.ts';
import { hasVoted, initialReviewList, reviewListReducer } from './review-list-store.ts';

// SPEC §4 review listing store: a request sets loading; success stores the page; a failure stores the error and
// resets to empty reviews, carousel and has_next=false. SPEC §3: the vote map defaults to false.

const review = (review_id: number) => ({ review_id, helpful: 0 }) as Review;
const page = (n: number, ids: number[], has_next: boolean): ReviewList => ({
  reviews: ids.map(review),
  carousel: [{ review_id: ids[0], photo_id: 1, url: '/p.webp', rating: 5, author_name: 'Asha' }],
  has_next,
  page: n,
  vote_map: { [String(ids[0])]: true },
});

test('a failure after loaded pages resets to empty reviews, carousel and has_next=false, keeping the error', () => {
  let s = reviewListReducer(initialReviewList, { type: 'request', page: 1 });
  expect(s.loading).toBe(true);
  s = reviewListReducer(s, { type: 'success', data: page(1, [1, 2], true) });
  s = reviewListReducer(s, { type: 'request', page: 2 });
  s = reviewListReducer(s, { type: 'success', data: page(2, [3], true) });
  expect(s.reviews.map((r) => r.review_id)).toEqual([1, 2, 3]);
  expect(s.carousel).toHaveLength(1);

  s = reviewListReducer(s, { type: 'request', page: 3 });
  s = reviewListReducer(s, { type: 'failure', error: 'Something went wrong. Please try again.' });
  expect(s).toMatchObject({ loading: false, error: 'Something went wrong. Please try again.', reviews: [], carousel: [], has_next: false });
});

test('the vote map says false unless a review was voted', () => {
  const s = reviewListReducer(initialReviewList, { type: 'success', data: page(1, [1, 2], false) });
  expect(hasVoted(s, 1)).toBe(true);
  expect(hasVoted(s, 2)).toBe(false);
  expect(hasVoted(reviewListReducer(s, { type: 'voted', review_id: 2, helpful: 1 }), 2)).toBe(true);
});
