import { GENERIC_ERROR } from '../../schemas/common.ts';
import { createStore, failed, loadingFrom, messageOf, succeeded } from './resource.ts';

// SPEC §4 data stores: a request sets loading; success stores data and clears error; failure stores the error and
// clears data. One implementation for every feature.

test('a failure without a message shows the one generic message', () => {
  expect(GENERIC_ERROR).toBe('Something went wrong. Please try again.');
  expect(messageOf(new Error(''))).toBe(GENERIC_ERROR);
  expect(messageOf(undefined)).toBe(GENERIC_ERROR);
  expect(messageOf({ message: 'Coupon expired' })).toBe('Coupon expired');
});

test('loading keeps what is shown; success clears the error; failure clears the data', () => {
  expect(loadingFrom({ loading: false, data: 1, error: null })).toEqual({ loading: true, data: 1, error: null });
  expect(succeeded(2)).toEqual({ loading: false, data: 2, error: null });
  expect(failed(new Error('Nope'))).toEqual({ loading: false, data: null, error: 'Nope' });
});

test('a store answers only its latest request', async () => {
  const answers: Array<(v: number) => void> = [];
  const store = createStore('numbers', () => new Promise<number>((resolve) => answers.push(resolve)));
  const first = store.load();
  const second = store.load();
  expect(store.get().loading).toBe(true);
  answers[1]?.(2);
  await second;
  answers[0]?.(1);
  await first;
  expect(store.get()).toEqual({ loading: false, data: 2, error: null });
});
