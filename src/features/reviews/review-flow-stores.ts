import { messageOf, type Resource } from '../../api/resource.ts';
import type { reviewsApi } from './api.ts';

// SPEC §4.2: rating, after-rating, image upload, review upload and transaction check are data stores (loading,
// data, error) that can be reset. Each is reset when the shopper leaves its page or starts again, so a later
// visit never shows the previous attempt's answer or error.

export interface ActionStore<T> {
  readonly name: string;
  get(): Resource<T>;
  subscribe(listener: () => void): () => void;
  /** Runs one call: loading while it runs, then data or error (SPEC §4.2). Resolves to the data, or null. */
  run(call: () => Promise<T>): Promise<T | null>;
  /** Back to the initial state; a call still running when reset no longer writes its answer. */
  reset(): void;
}

const INITIAL: Resource<never> = { loading: false, data: null, error: null };

export function createActionStore<T>(name: string): ActionStore<T> {
  let state: Resource<T> = INITIAL;
  let seq = 0;
  const listeners = new Set<() => void>();
  const emit = (next: Resource<T>) => {
    state = next;
    for (const l of listeners) l();
  };
  return {
    name,
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async run(call) {
      const mine = ++seq;
      emit({ ...state, loading: true });
      try {
        const data = await call();
        if (mine === seq) emit({ loading: false, data, error: null });
        return data;
      } catch (e) {
        if (mine === seq) emit({ loading: false, data: null, error: messageOf(e) });
        return null;
      }
    },
    reset() {
      seq++;
      emit(INITIAL);
    },
  };
}

type Answer<K extends keyof typeof reviewsApi> = Awaited<ReturnType<(typeof reviewsApi)[K]>>;

/** The review flows' stores (SPEC §4.2), one each. */
export const reviewFlowStores = {
  rating: createActionStore<Answer<'rate'>>('rating'),
  afterRating: createActionStore<Answer<'afterRate'>>('after-rating'),
  imageUpload: createActionStore<Answer<'uploadPhoto'> | Answer<'addPhotoToReview'>>('image-upload'),
  reviewUpload: createActionStore<Answer<'update'>>('review-upload'),
  verifyTransaction: createActionStore<Answer<'isUserVerified'>>('verify-transaction'),
};

export type ReviewFlowStoreName = keyof typeof reviewFlowStores;

/** Resets the named stores: called when a page of the flow is left (SPEC §4.2). */
export const resetReviewFlow = (names: ReviewFlowStoreName[]) => {
  for (const n of names) reviewFlowStores[n].reset();
};
