import { useSyncExternalStore } from 'react';
import type { ProductHit, ProductHitResponse } from '../../../schemas/catalogue.ts';
import { get } from '../../api/client.ts';
import { messageOf, type Resource } from '../../api/resource.ts';

// SPEC §4.2: the variant detail is a data store (loading, data, error) that can be reset; a reset that cannot
// reload the variant says "unable to reset variant data" (SPEC §8 error table).

/**
 * One variant's fresh price and stock (GET /variant-detail). Here rather than in api.ts, which the home page loads
 * first: only the product page uses it. A 404 is shown on that page, not a page of its own (quiet-calls.ts).
 */
export const fetchVariantDetail = async (productId: number, variantId: number): Promise<ProductHit> =>
  (await get<typeof ProductHitResponse>(`/api/product-details/variant-detail?product_id=${productId}&variant_id=${variantId}`)).data;

export const VARIANT_RESET_ERROR = 'unable to reset variant data';

export interface VariantDetailState extends Resource<ProductHit> {
  /** The variant the store holds, or is loading. */
  key: { productId: number; variantId: number } | null;
}

export const initialVariantDetail: VariantDetailState = { loading: false, data: null, error: null, key: null };

export interface VariantDetailStore {
  get(): VariantDetailState;
  subscribe(listener: () => void): () => void;
  load(productId: number, variantId: number): Promise<ProductHit | null>;
  /**
   * Back to the initial state, then reloads the given variant (the one now chosen). A failed reload stores
   * VARIANT_RESET_ERROR rather than the server's message.
   */
  reset(productId: number, variantId: number): Promise<ProductHit | null>;
  /** Back to the initial state, loading nothing (the shopper left the product). */
  clear(): void;
}

export function createVariantDetailStore(fetch = fetchVariantDetail): VariantDetailStore {
  let state = initialVariantDetail;
  let seq = 0;
  const listeners = new Set<() => void>();
  const emit = (next: VariantDetailState) => {
    state = next;
    for (const l of listeners) l();
  };
  const fetchInto = async (productId: number, variantId: number, failure: (e: unknown) => string) => {
    const mine = ++seq;
    const key = { productId, variantId };
    emit({ ...state, loading: true, key });
    try {
      const data = await fetch(productId, variantId);
      if (mine === seq) emit({ loading: false, data, error: null, key });
      return data;
    } catch (e) {
      if (mine === seq) emit({ loading: false, data: null, error: failure(e), key });
      return null;
    }
  };
  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load: (productId, variantId) => fetchInto(productId, variantId, messageOf),
    reset(productId, variantId) {
      seq++;
      emit(initialVariantDetail);
      return fetchInto(productId, variantId, () => VARIANT_RESET_ERROR);
    },
    clear() {
      seq++;
      emit(initialVariantDetail);
    },
  };
}

/** The product page's variant detail store. */
export const variantDetailStore = createVariantDetailStore();

export const useVariantDetail = (store: VariantDetailStore = variantDetailStore): VariantDetailState =>
  useSyncExternalStore(store.subscribe, store.get, store.get);
