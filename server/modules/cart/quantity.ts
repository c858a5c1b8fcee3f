import { MAX_QUANTITY_PER_LINE } from '../../../schemas/cart.ts';

export type QuantityCheck = { ok: true } | { ok: false; message: string; max: number; binds: 'stock' | 'line-maximum' };

/** Most units one cart line may hold: bounded by stock and by the per-line maximum. */
export function maxLineQuantity(stock: number): number {
  return Math.max(0, Math.min(stock, MAX_QUANTITY_PER_LINE));
}

const units = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`;

/**
 * Checks the quantity a line would hold after a change (`wanted`), given what is already in the cart.
 * Each refusal names the product and the limit that binds.
 */
export function checkLineQuantity(name: string, stock: number, wanted: number, inCart = 0): QuantityCheck {
  const max = maxLineQuantity(stock);
  if (wanted <= max) return { ok: true };
  const already = inCart > 0 ? ` Your cart already has ${units(inCart)}.` : '';
  if (stock <= 0) return { ok: false, max, binds: 'stock', message: `${name} is out of stock.` };
  if (stock < MAX_QUANTITY_PER_LINE)
    return { ok: false, max, binds: 'stock', message: `Only ${units(stock)} of ${name} left in stock.${already}` };
  return {
    ok: false,
    max,
    binds: 'line-maximum',
    message: `You can buy at most ${units(MAX_QUANTITY_PER_LINE)} of ${name} in one order.${already}`,
  };
}
