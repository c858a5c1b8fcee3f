import type { CarouselImage, Review, ReviewList } from '../../../schemas/review.ts';

// SPEC §4 data store for a review listing: loading, data, error. A request sets loading; success stores the
// page (appended after the first); failure stores the error and resets to empty reviews, carousel and
// has_next=false. SPEC §3: the vote map is keyed by review_id and defaults to false.

export interface ReviewListState {
  loading: boolean;
  error: string | null;
  reviews: Review[];
  carousel: CarouselImage[];
  has_next: boolean;
  page: number;
  vote_map: Record<string, boolean>;
}

export type ReviewListAction =
  | { type: 'request'; page: number }
  | { type: 'success'; data: ReviewList }
  | { type: 'failure'; error: string }
  | { type: 'voted'; review_id: number; helpful: number }
  | { type: 'reset' };

export const initialReviewList: ReviewListState = {
  loading: false,
  error: null,
  reviews: [],
  carousel: [],
  has_next: false,
  page: 0,
  vote_map: {},
};

export function reviewListReducer(state: ReviewListState, action: ReviewListAction): ReviewListState {
  switch (action.type) {
    case 'request':
      return action.page === 1 ? { ...initialReviewList, loading: true } : { ...state, loading: true, error: null };
    case 'success': {
      const d = action.data;
      const first = d.page === 1;
      return {
        loading: false,
        error: null,
        reviews: first
          ? d.reviews
          : [...state.reviews, ...d.reviews.filter((r) => !state.reviews.some((x) => x.review_id === r.review_id))],
        carousel: first ? d.carousel : state.carousel,
        has_next: d.has_next,
        page: d.page,
        vote_map: first ? d.vote_map : { ...state.vote_map, ...d.vote_map },
      };
    }
    case 'failure':
      return { ...initialReviewList, error: action.error };
    case 'voted':
      return {
        ...state,
        reviews: state.reviews.map((r) => (r.review_id === action.review_id ? { ...r, helpful: action.helpful } : r)),
        vote_map: { ...state.vote_map, [String(action.review_id)]: true },
      };
    case 'reset':
      return initialReviewList;
  }
}

/** Whether the customer marked a review helpful: false unless the map says so. */
export const hasVoted = (state: Pick<ReviewListState, 'vote_map'>, reviewId: number): boolean => state.vote_map[String(reviewId)] === true;
