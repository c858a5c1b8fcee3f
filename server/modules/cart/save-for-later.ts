import type { SavedItem } from '../../../schemas/cart.ts';
import type { Db } from '../../db/database.ts';
import { NotFound } from '../../http/errors.ts';
import { addQuantityLocked, removeLineLocked, withLockedCart } from './service.ts';
import { cardsFor, loadVariantInfo } from './variant-info.ts';

// Save-for-later keeps a cart line (with its quantity) aside for a signed-in customer.

export async function listSavedForLater(db: Db, customerId: number): Promise<SavedItem[]> {
  const rows = await db
    .selectFrom('saved_items')
    .select(['variant_id', 'quantity', 'created_at'])
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('variant_id')
    .execute();
  return cardsFor(db, rows, (r) => ({ quantity: r.quantity, added_at: new Date(r.created_at).toISOString() }));
}

async function upsertSaved(db: Db, customerId: number, variantId: number, quantity: number): Promise<void> {
  await db
    .insertInto('saved_items')
    .values({ customer_id: customerId, variant_id: variantId, quantity })
    .onConflict((oc) => oc.columns(['customer_id', 'variant_id']).doUpdateSet({ quantity }))
    .execute();
}

/** Moves a cart line to save-for-later, keeping its quantity; a product not in the cart is saved with 1. */
export async function saveForLater(db: Db, cartId: string | null, customerId: number, variantId: number): Promise<void> {
  if (!(await loadVariantInfo(db, [variantId])).has(variantId)) throw new NotFound('This product is no longer available.');
  if (!cartId) return upsertSaved(db, customerId, variantId, 1);
  await withLockedCart(db, cartId, async (trx) => {
    const quantity = await removeLineLocked(trx, cartId, variantId);
    await upsertSaved(trx, customerId, variantId, Math.max(quantity, 1));
  });
}

export async function deleteSavedForLater(db: Db, customerId: number, variantId: number): Promise<void> {
  await db.deleteFrom('saved_items').where('customer_id', '=', customerId).where('variant_id', '=', variantId).execute();
}

/** Moves a saved item back to the cart (source SFL); refused beyond stock, and then it stays saved. */
export async function moveSavedToCart(db: Db, cartId: string, customerId: number, variantId: number): Promise<void> {
  await withLockedCart(db, cartId, async (trx) => {
    const saved = await trx
      .deleteFrom('saved_items')
      .where('customer_id', '=', customerId)
      .where('variant_id', '=', variantId)
      .returning('quantity')
      .executeTakeFirst();
    if (!saved) throw new NotFound('This product is not in your saved for later list.');
    await addQuantityLocked(trx, cartId, variantId, saved.quantity);
  });
}
