import { GENERIC_ERROR } from '../../schemas/common.ts';
import { renderToString } from 'react-dom/server';
import { PrefetchProvider, type PrefetchScope, seedShopperData } from './prefetch.ts';
import { createStore, failed, loadingFrom, messageOf, type Store, succeeded, useStore } from './resource.ts';

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

function Probe({ store, enabled, seen }: { store: Store<string>; enabled: boolean; seen: unknown[] }) {
  seen.push(useStore(store, enabled));
  return null;
}

// docs/decisions/010: a page rendered on the server with the shopper's data hands each store its answer.
describe('stores and the server render', () => {
  test('a store seeded by the page shows the answer, and the page showing it does not fetch it again', async () => {
    let fetched = 0;
    const store = createStore('seeded list', async () => ++fetched);
    seedShopperData([
      ['shopper:seeded list', 41],
      ['/api/listing/shop', { not: 'a shopper answer' }],
    ]);
    expect(store.get()).toEqual({ loading: false, data: 41, error: null });
    expect(await store.loadForPage()).toBe(41);
    expect(fetched).toBe(0);
    // Only once: the next page that shows the store loads it afresh.
    expect(await store.loadForPage()).toBe(1);
    expect(store.get().data).toBe(1);
  });

  test('a store created after the page was seeded starts from its answer; any change drops the seed', async () => {
    seedShopperData([['shopper:late store', 'from the server']]);
    let fetched = 0;
    const store = createStore('late store', async () => `fresh ${++fetched}`);
    expect(store.get().data).toBe('from the server');
    store.set('changed by the shopper');
    expect(await store.loadForPage()).toBe('fresh 1');
  });

  test('on the server a store reads only its own render: loaded in a personal render, empty otherwise', () => {
    const store = createStore('server store', async () => 'answer');
    store.set('left in the module by someone else');
    const scope = (personal: boolean): PrefetchScope => ({ data: new Map(), missing: new Set(), personal });
    const read = (s: PrefetchScope, enabled = true) => {
      const seen: unknown[] = [];
      renderToString(
        <PrefetchProvider value={s}>
          <Probe store={store} enabled={enabled} seen={seen} />
        </PrefetchProvider>,
      );
      return seen[0];
    };
    const anonymous = scope(false);
    expect(read(anonymous)).toEqual({ loading: false, data: null, error: null });
    expect(anonymous.missing.size).toBe(0);

    const personal = scope(true);
    expect(read(personal, false)).toEqual({ loading: false, data: null, error: null });
    expect(personal.missing.size).toBe(0);
    expect(read(personal)).toEqual({ loading: false, data: null, error: null });
    expect([...personal.missing]).toEqual(['shopper:server store']);
    personal.data.set('shopper:server store', 'answer');
    expect(read(personal)).toEqual({ loading: false, data: 'answer', error: null });
  });
});
