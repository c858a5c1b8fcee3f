import type { ProductHit } from '../../../schemas/catalogue.ts';
import { createVariantDetailStore, initialVariantDetail, VARIANT_RESET_ERROR } from './variant-detail-store.ts';

// SPEC §4.2 / §8: the variant detail store can be reset; a reset whose reload fails says "unable to reset variant data".

const hitOf = (vid: number) => ({ vid, sale_price: 100_00 }) as ProductHit;

test('reset clears the previous variant at once, then holds the newly chosen one', async () => {
  const store = createVariantDetailStore(async (_p, v) => hitOf(v));
  await store.load(8, 27);
  expect(store.get().data?.vid).toBe(27);
  const pending = store.reset(8, 28);
  expect(store.get().data).toBeNull();
  expect(store.get().loading).toBe(true);
  await pending;
  expect(store.get()).toEqual({ loading: false, data: hitOf(28), error: null, key: { productId: 8, variantId: 28 } });
});

test('a reset whose reload fails says "unable to reset variant data"; a plain load keeps the server message', async () => {
  const store = createVariantDetailStore(async () => Promise.reject(new Error('Variant not found.')));
  await store.load(8, 27);
  expect(store.get().error).toBe('Variant not found.');
  expect(await store.reset(8, 28)).toBeNull();
  expect(store.get()).toMatchObject({ loading: false, data: null, error: VARIANT_RESET_ERROR });
  expect(VARIANT_RESET_ERROR).toBe('unable to reset variant data');
});

test('an answer for a variant left behind by a reset is not stored', async () => {
  const finish: Array<(h: ProductHit) => void> = [];
  const store = createVariantDetailStore((_p, _v) => new Promise<ProductHit>((r) => finish.push(r)));
  const first = store.load(8, 27);
  const second = store.reset(8, 28);
  finish[0](hitOf(27));
  finish[1](hitOf(28));
  await Promise.all([first, second]);
  expect(store.get().data?.vid).toBe(28);
  store.clear();
  expect(store.get()).toEqual(initialVariantDetail);
});
