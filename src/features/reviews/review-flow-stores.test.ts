import { createActionStore, resetReviewFlow, reviewFlowStores } from './review-flow-stores.ts';

// SPEC §4.2: rating, after-rating, image upload, review upload and transaction check are stores that can be reset.

const INITIAL = { loading: false, data: null, error: null };

test('run stores the answer, a failure stores the error and clears the data', async () => {
  const s = createActionStore<number>('x');
  expect(await s.run(async () => 7)).toBe(7);
  expect(s.get()).toEqual({ loading: false, data: 7, error: null });
  expect(await s.run(async () => Promise.reject(new Error('Upload failed')))).toBeNull();
  expect(s.get()).toEqual({ loading: false, data: null, error: 'Upload failed' });
});

test('reset puts the store back to its initial state and tells its listeners', async () => {
  const s = createActionStore<number>('x');
  await s.run(async () => Promise.reject(new Error('No')));
  let told = 0;
  s.subscribe(() => told++);
  s.reset();
  expect(s.get()).toEqual(INITIAL);
  expect(told).toBe(1);
});

test('a call still running when the store is reset does not write its answer afterwards', async () => {
  const s = createActionStore<number>('x');
  let finish: (n: number) => void = () => {};
  const pending = s.run(() => new Promise<number>((r) => (finish = r)));
  expect(s.get().loading).toBe(true);
  s.reset();
  finish(3);
  await pending;
  expect(s.get()).toEqual(INITIAL);
});

test('every review flow store resets: rating, after-rating, image upload, review upload, transaction check', async () => {
  const names = ['rating', 'afterRating', 'imageUpload', 'reviewUpload', 'verifyTransaction'] as const;
  for (const n of names) {
    const store: { run(call: () => Promise<never>): Promise<unknown> } = reviewFlowStores[n];
    await store.run(() => Promise.reject(new Error(`${n} failed`)));
  }
  for (const n of names) expect(reviewFlowStores[n].get().error).toBe(`${n} failed`);
  resetReviewFlow(['rating', 'imageUpload']);
  expect(reviewFlowStores.rating.get()).toEqual(INITIAL);
  expect(reviewFlowStores.imageUpload.get()).toEqual(INITIAL);
  expect(reviewFlowStores.afterRating.get().error).toBe('afterRating failed');
  resetReviewFlow([...names]);
  for (const n of names) expect(reviewFlowStores[n].get()).toEqual(INITIAL);
});
