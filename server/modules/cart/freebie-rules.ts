import type { Db } from '../../db/database.ts';
import { cartSubtotal } from './pricing.ts';
import { freebiesEnabled } from './config.ts';

// Free gifts (freebie flag on, SPEC §1): a freebie is offered once the cart value (sale prices, free lines
// excluded) reaches its threshold; its line is priced 0 and leaves the cart by itself when the value falls below.

export interface FreebieRule {
  id: number;
  variant_id: number;
  threshold: number;
  title: string;
  active: boolean;
}

export const isFreebieEligible = (rule: FreebieRule, subtotal: number) => rule.active && subtotal >= rule.threshold;
export const freebieAmountNeeded = (rule: FreebieRule, subtotal: number) => Math.max(0, rule.threshold - subtotal);

/** The freebie lines that must leave the cart: their rule is gone, inactive, or above the cart value. */
export function freebieLinesToRemove<L extends { is_freebie: boolean; freebie_id: number | null }>(
  lines: readonly L[],
  rules: ReadonlyMap<number, FreebieRule>,
  subtotal: number,
): L[] {
  return lines.filter((l) => {
    if (!l.is_freebie) return false;
    const rule = l.freebie_id === null ? undefined : rules.get(l.freebie_id);
    return !rule || !isFreebieEligible(rule, subtotal);
  });
}

/** The gift rules; none while free gifts are off (FREEBIES), so nothing offers, adds or keeps a gift. */
export async function loadFreebieRules(db: Db): Promise<Map<number, FreebieRule>> {
  if (!freebiesEnabled()) return new Map();
  const rows = await db.selectFrom('freebies').selectAll().orderBy('threshold').orderBy('id').execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** Sum of sale price × quantity of the paid lines of a cart, read from the database. */
export async function paidSubtotal(db: Db, cartId: string): Promise<number> {
  const lines = await db
    .selectFrom('cart_items as ci')
    .innerJoin('variants as v', 'v.id', 'ci.variant_id')
    .select(['ci.quantity', 'v.sale_price', 'v.mrp', 'ci.is_freebie'])
    .where('ci.cart_id', '=', cartId)
    .where('ci.is_freebie', '=', false)
    .execute();
  return cartSubtotal(lines);
}

/**
 * Removes the freebie lines the cart no longer qualifies for. Runs inside the transaction that changed the cart
 * (the cart row is locked), so the gift and the value it depends on never disagree. Returns removed titles.
 */
export async function reconcileFreebies(trx: Db, cartId: string): Promise<string[]> {
  const freebieLines = await trx
    .selectFrom('cart_items')
    .select(['id', 'is_freebie', 'freebie_id'])
    .where('cart_id', '=', cartId)
    .where('is_freebie', '=', true)
    .execute();
  if (freebieLines.length === 0) return [];
  const rules = await loadFreebieRules(trx);
  const remove = freebieLinesToRemove(freebieLines, rules, await paidSubtotal(trx, cartId));
  if (remove.length === 0) return [];
  await trx
    .deleteFrom('cart_items')
    .where(
      'id',
      'in',
      remove.map((l) => l.id),
    )
    .execute();
  return remove.map((l) => (l.freebie_id !== null ? rules.get(l.freebie_id)?.title : undefined) ?? 'Free gift');
}
