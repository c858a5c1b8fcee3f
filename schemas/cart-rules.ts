import type { PriceMetaEntry, PriceMetaKey } from './cart.ts';

// The cart's pure rules, without zod: the cart page reads its price list in the browser, where zod does not travel
// (docs/decisions/008); schemas/cart.ts re-exports them beside the schemas.

/** Reads one entry of a price_meta list (0 when absent). */
export function priceMetaValue(list: readonly PriceMetaEntry[] | undefined, key: PriceMetaKey): number {
  return list?.find((e) => e.key === key)?.value ?? 0;
}
