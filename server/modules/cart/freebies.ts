import type { FreebieProductsData, FreebieView } from '../../../schemas/cart.ts';
import { formatPaise } from '../../../schemas/money.ts';
import type { Db } from '../../db/database.ts';
import { NotFound } from '../../http/errors.ts';
import type { CartRow } from './queries.ts';
import { withLockedCart } from './service.ts';
import { FreebieNotApplicable } from './errors.ts';
import { type FreebieRule, freebieAmountNeeded, isFreebieEligible, loadFreebieRules, paidSubtotal } from './freebie-rules.ts';
import { productImage } from '../../../schemas/images.ts';
import { loadVariantInfo } from './variant-info.ts';

// The freebie calls: the gifts with their thresholds against this cart, adding one (one gift per cart) and
// removing it.

/** Active gifts checked against the cart value. */
export async function freebieProducts(db: Db, cart: CartRow | null): Promise<FreebieProductsData> {
  const rules = [...(await loadFreebieRules(db)).values()].filter((r) => r.active);
  const subtotal = cart ? await paidSubtotal(db, cart.id) : 0;
  const inCart = cart
    ? new Set(
        (
          await db.selectFrom('cart_items').select('freebie_id').where('cart_id', '=', cart.id).where('is_freebie', '=', true).execute()
        ).map((r) => r.freebie_id),
      )
    : new Set<number | null>();
  const infos = await loadVariantInfo(
    db,
    rules.map((r) => r.variant_id),
  );
  const freebies: FreebieView[] = rules.flatMap((r) => {
    const info = infos.get(r.variant_id);
    if (!info) return [];
    return [
      {
        freebie_id: r.id,
        title: r.title,
        threshold: r.threshold,
        variant_id: r.variant_id,
        product_id: info.product_id,
        name: info.product_name,
        mrp: info.mrp,
        thumbnail_image: productImage(r.variant_id),
        in_stock: info.stock > 0,
        eligible: isFreebieEligible(r, subtotal),
        amount_needed: freebieAmountNeeded(r, subtotal),
        in_cart: inCart.has(r.id),
      },
    ];
  });
  return { cart_id: cart?.id ?? null, cart_subtotal: subtotal, freebies };
}

/** The gifts this cart does not yet qualify for, with the amount still needed (ineligible-freebie-list). */
export async function ineligibleFreebies(db: Db, cart: CartRow | null): Promise<FreebieProductsData> {
  const all = await freebieProducts(db, cart);
  return { ...all, freebies: all.freebies.filter((f) => !f.eligible) };
}

async function findRule(
  db: Db,
  pick: { freebie_id?: number | undefined; variant_id?: number | undefined },
): Promise<FreebieRule | undefined> {
  const rules = [...(await loadFreebieRules(db)).values()];
  return rules.find((r) => (pick.freebie_id !== undefined ? r.id === pick.freebie_id : r.variant_id === pick.variant_id));
}

/** Adds a gift the cart qualifies for, replacing any other gift (one per cart). */
export async function addFreebie(
  db: Db,
  cartId: string,
  pick: { freebie_id?: number | undefined; variant_id?: number | undefined },
): Promise<void> {
  await withLockedCart(db, cartId, async (trx) => {
    const rule = await findRule(trx, pick);
    if (!rule?.active) throw new NotFound('This free gift is not available.');
    const subtotal = await paidSubtotal(trx, cartId);
    if (!isFreebieEligible(rule, subtotal))
      throw new FreebieNotApplicable(
        `Add items worth ${formatPaise(freebieAmountNeeded(rule, subtotal))} more to get this free gift (${rule.title}).`,
        {
          amount_needed: freebieAmountNeeded(rule, subtotal),
        },
      );
    const info = (await loadVariantInfo(trx, [rule.variant_id])).get(rule.variant_id);
    if (!info || info.stock <= 0) throw new FreebieNotApplicable('This free gift is out of stock.');
    await trx.deleteFrom('cart_items').where('cart_id', '=', cartId).where('is_freebie', '=', true).execute();
    await trx
      .insertInto('cart_items')
      .values({ cart_id: cartId, variant_id: rule.variant_id, quantity: 1, is_freebie: true, freebie_id: rule.id })
      .execute();
  });
}

/** Removes the named gift, or every gift when none is named. */
export async function removeFreebie(
  db: Db,
  cartId: string,
  pick: { freebie_id?: number | undefined; variant_id?: number | undefined },
): Promise<void> {
  await withLockedCart(db, cartId, async (trx) => {
    let q = trx.deleteFrom('cart_items').where('cart_id', '=', cartId).where('is_freebie', '=', true);
    if (pick.freebie_id !== undefined) q = q.where('freebie_id', '=', pick.freebie_id);
    if (pick.variant_id !== undefined) q = q.where('variant_id', '=', pick.variant_id);
    await q.execute();
  });
}
