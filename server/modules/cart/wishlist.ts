import type { WishlistItem } from '../../../schemas/cart.ts';
import type { Db } from '../../db/database.ts';
import { NotFound } from '../../http/errors.ts';
import { addQuantityLocked, removeLineLocked, withLockedCart } from './service.ts';
import { cardsFor, loadVariantInfo } from './variant-info.ts';

// The wishlist belongs to a signed-in customer (a guest's fetch is a 401 the app treats as silent, SPEC §6).

export async function listWishlist(db: Db, customerId: number): Promise<WishlistItem[]> {
  const rows = await db
    .selectFrom('wishlist_items')
    .select(['variant_id', 'created_at'])
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('variant_id')
    .execute();
  return cardsFor(db, rows, (r) => ({ added_at: new Date(r.created_at).toISOString() }));
}

const serialiseEvtD = (evtD: unknown) => (evtD === undefined ? null : JSON.stringify(evtD));

async function insertWishlist(db: Db, customerId: number, variantId: number, evtD: unknown): Promise<void> {
  await db
    .insertInto('wishlist_items')
    .values({ customer_id: customerId, variant_id: variantId, evt_d: serialiseEvtD(evtD) })
    .onConflict((oc) => oc.columns(['customer_id', 'variant_id']).doNothing())
    .execute();
}

/** Adds a variant; adding one already there is not an error. */
export async function addToWishlist(db: Db, customerId: number, variantId: number, evtD: unknown): Promise<void> {
  if (!(await loadVariantInfo(db, [variantId])).has(variantId)) throw new NotFound('This product is no longer available.');
  await insertWishlist(db, customerId, variantId, evtD);
}

export async function removeFromWishlist(db: Db, customerId: number, variantId: number): Promise<void> {
  await db.deleteFrom('wishlist_items').where('customer_id', '=', customerId).where('variant_id', '=', variantId).execute();
}

/** Moves a cart line to the wishlist in one transaction (SPEC §3 removal source 'cart'). */
export async function moveCartLineToWishlist(db: Db, cartId: string, customerId: number, variantId: number, evtD: unknown): Promise<void> {
  if (!(await loadVariantInfo(db, [variantId])).has(variantId)) throw new NotFound('This product is no longer available.');
  await withLockedCart(db, cartId, async (trx) => {
    await removeLineLocked(trx, cartId, variantId);
    await insertWishlist(trx, customerId, variantId, evtD);
  });
}

/** Moves one unit of a wishlist item to the cart; it leaves the wishlist only if the cart took it. */
export async function moveWishlistToCart(db: Db, cartId: string, customerId: number, variantId: number): Promise<void> {
  await withLockedCart(db, cartId, async (trx) => {
    const removed = await trx
      .deleteFrom('wishlist_items')
      .where('customer_id', '=', customerId)
      .where('variant_id', '=', variantId)
      .returning('variant_id')
      .executeTakeFirst();
    if (!removed) throw new NotFound('This product is not in your wishlist.');
    await addQuantityLocked(trx, cartId, variantId, 1);
  });
}
