import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { MAX_CART_LINES } from '../../../schemas/cart.ts';
import type { Db } from '../../db/database.ts';
import { Conflict, NotFound } from '../../http/errors.ts';
import { CartRuleError, quantityRefused } from './errors.ts';
import { reconcileFreebies } from './freebie-rules.ts';
import { checkLineQuantity, maxLineQuantity } from './quantity.ts';
import { ACTIVE, activeCustomerCart, activeGuestCart, type CartRow, ensureCustomerCart, findPaidLine } from './queries.ts';
import { loadVariantInfo } from './variant-info.ts';

// The cart's rules. A guest's cart is found by the cart_id cookie; a signed-in customer's by customer_id (one active
// cart each). Every change runs in a transaction holding the cart row lock (SELECT … FOR UPDATE), so two
// concurrent changes of one cart serialise on every instance and the lines, the gift and the coupon agree.

export interface CartOwner {
  customerId: number | null;
  /** The cart_id cookie (already checked to be a well-formed id), or null. */
  cookieCartId: string | null;
}

/**
 * The cart a request works on, without creating one. A signed-in customer still carrying a guest cart cookie
 * gets that guest cart merged in first, so nothing is lost whichever way sign-in happened.
 */
export async function findCart(db: Db, owner: CartOwner): Promise<CartRow | null> {
  if (owner.customerId !== null) {
    if (owner.cookieCartId && (await activeGuestCart(db, owner.cookieCartId)))
      await mergeGuestCart(db, owner.cookieCartId, owner.customerId);
    return (await activeCustomerCart(db, owner.customerId)) ?? null;
  }
  // A customer's cart is never reachable by its id alone (e.g. the cookie left behind after logout).
  return owner.cookieCartId ? ((await activeGuestCart(db, owner.cookieCartId)) ?? null) : null;
}

/** The request's cart, created when missing. */
export async function ensureCart(db: Db, owner: CartOwner): Promise<CartRow> {
  const found = await findCart(db, owner);
  if (found) return found;
  if (owner.customerId !== null) {
    await ensureCustomerCart(db, owner.customerId);
    const cart = await activeCustomerCart(db, owner.customerId);
    if (!cart) throw new Conflict('Your cart could not be created. Please try again.');
    return cart;
  }
  return db.insertInto('carts').values({ id: randomUUID(), customer_id: null }).returningAll().executeTakeFirstOrThrow();
}

/**
 * Runs `fn` in a transaction holding the cart row lock, then drops free gifts the cart no longer qualifies for
 * and bumps the version. The lock is what keeps two concurrent updates of one cart consistent.
 */
export async function withLockedCart<T>(db: Db, cartId: string, fn: (trx: Db, cart: CartRow) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const cart = await trx.selectFrom('carts').selectAll().where('id', '=', cartId).forUpdate().executeTakeFirst();
    if (cart?.status !== 'active') throw new Conflict('Your cart has changed. Please refresh the page.');
    const result = await fn(trx, cart);
    await reconcileFreebies(trx, cartId);
    await trx.updateTable('carts').set({ version: sql`version + 1`, updated_at: new Date() }).where('id', '=', cartId).execute();
    return result;
  });
}

/** Adds units of a variant to a cart inside a locked transaction; refuses beyond stock or the per-line maximum. */
export async function addQuantityLocked(trx: Db, cartId: string, variantId: number, quantity: number): Promise<number> {
  const info = (await loadVariantInfo(trx, [variantId])).get(variantId);
  if (!info?.published) throw new NotFound('This product is no longer available.');
  const line = await findPaidLine(trx, cartId, variantId);
  const inCart = line?.quantity ?? 0;
  const check = checkLineQuantity(info.variant_name, info.stock, inCart + quantity, inCart);
  if (!check.ok) throw quantityRefused(check, inCart);
  if (line)
    await trx
      .updateTable('cart_items')
      .set({ quantity: inCart + quantity, updated_at: new Date() })
      .where('id', '=', line.id)
      .execute();
  else {
    const lines = await trx
      .selectFrom('cart_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('cart_id', '=', cartId)
      .where('is_freebie', '=', false)
      .executeTakeFirstOrThrow();
    if (Number(lines.n) >= MAX_CART_LINES)
      throw new CartRuleError(`Your cart can hold at most ${MAX_CART_LINES} different products. Remove one to add another.`);
    await trx
      .insertInto('cart_items')
      .values({ cart_id: cartId, variant_id: variantId, quantity, is_freebie: false, freebie_id: null })
      .execute();
  }
  return inCart + quantity;
}

export async function addToCart(db: Db, cartId: string, variantId: number, quantity: number): Promise<number> {
  return withLockedCart(db, cartId, (trx) => addQuantityLocked(trx, cartId, variantId, quantity));
}

/** Sets the quantity of a line already in the cart. */
export async function setQuantity(db: Db, cartId: string, variantId: number, quantity: number): Promise<void> {
  await withLockedCart(db, cartId, async (trx) => {
    const line = await findPaidLine(trx, cartId, variantId);
    if (!line) throw new NotFound('This product is not in your cart.');
    const info = (await loadVariantInfo(trx, [variantId])).get(variantId);
    if (!info) throw new NotFound('This product is no longer available.');
    // Lowering a quantity is always allowed, even when stock fell below it since it was added.
    if (quantity > line.quantity) {
      const check = checkLineQuantity(info.variant_name, info.stock, quantity);
      if (!check.ok) throw quantityRefused(check, line.quantity);
    }
    await trx.updateTable('cart_items').set({ quantity, updated_at: new Date() }).where('id', '=', line.id).execute();
  });
}

/** Removes a paid line; removing a line that is not there is not an error. Returns the quantity removed. */
export async function removeLineLocked(trx: Db, cartId: string, variantId: number): Promise<number> {
  const removed = await trx
    .deleteFrom('cart_items')
    .where('cart_id', '=', cartId)
    .where('variant_id', '=', variantId)
    .where('is_freebie', '=', false)
    .returning('quantity')
    .executeTakeFirst();
  return removed?.quantity ?? 0;
}

export async function removeFromCart(db: Db, cartId: string, variantId: number): Promise<number> {
  return withLockedCart(db, cartId, (trx) => removeLineLocked(trx, cartId, variantId));
}

/**
 * Merges a guest cart into the customer's cart at sign-in and returns the customer's cart id (the new cart_id
 * cookie). Quantities add up, bounded by stock and the per-line maximum; the customer's coupon wins, else the
 * guest's is kept; a free gift comes along when the customer's cart has none (and stays only if still earned).
 * Safe to call more than once, and for a cart that is already the customer's.
 */
export async function mergeGuestCart(db: Db, guestCartId: string, customerId: number): Promise<string> {
  return db.transaction().execute(async (trx) => {
    // Lock order: guest cart, then customer cart. Nothing locks them the other way round.
    const guest = await trx.selectFrom('carts').selectAll().where('id', '=', guestCartId).forUpdate().executeTakeFirst();
    if (guest?.status === 'active' && guest.customer_id === customerId) return guest.id;
    await ensureCustomerCart(trx, customerId);
    const target = await trx
      .selectFrom('carts')
      .selectAll()
      .where('customer_id', '=', customerId)
      .where('status', '=', ACTIVE)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (guest?.status !== 'active' || guest.customer_id !== null) return target.id;

    const guestLines = await trx.selectFrom('cart_items').selectAll().where('cart_id', '=', guest.id).orderBy('id').execute();
    const targetLines = await trx.selectFrom('cart_items').selectAll().where('cart_id', '=', target.id).execute();
    const info = await loadVariantInfo(
      trx,
      guestLines.map((l) => l.variant_id),
    );
    const targetHasFreebie = targetLines.some((l) => l.is_freebie);
    for (const line of guestLines) {
      const existing = targetLines.find((t) => t.variant_id === line.variant_id && t.is_freebie === line.is_freebie);
      if (line.is_freebie) {
        if (!targetHasFreebie && !existing)
          await trx
            .insertInto('cart_items')
            .values({ cart_id: target.id, variant_id: line.variant_id, quantity: 1, is_freebie: true, freebie_id: line.freebie_id })
            .execute();
        continue;
      }
      const have = existing?.quantity ?? 0;
      // Never below what either cart had; out-of-stock lines come along and show their notice in the cart.
      const bound = Math.max(1, maxLineQuantity(info.get(line.variant_id)?.stock ?? 0), have);
      const merged = Math.max(have, Math.min(have + line.quantity, bound));
      if (existing)
        await trx.updateTable('cart_items').set({ quantity: merged, updated_at: new Date() }).where('id', '=', existing.id).execute();
      else
        await trx
          .insertInto('cart_items')
          .values({ cart_id: target.id, variant_id: line.variant_id, quantity: merged, is_freebie: false, freebie_id: null })
          .execute();
    }
    await trx.deleteFrom('cart_items').where('cart_id', '=', guest.id).execute();
    await trx.updateTable('carts').set({ status: 'merged', updated_at: new Date() }).where('id', '=', guest.id).execute();
    await reconcileFreebies(trx, target.id);
    await trx
      .updateTable('carts')
      .set({ version: sql`version + 1`, updated_at: new Date(), coupon_code: target.coupon_code ?? guest.coupon_code })
      .where('id', '=', target.id)
      .execute();
    return target.id;
  });
}

/** For checkout: closes the cart once its order is placed, so the customer's next add starts a new cart. */
/** The session's cart_journey (SPEC §3): 'cart' while the customer's open cart holds products, else 'browse'. */
export async function cartJourney(db: Db, customerId: number): Promise<'browse' | 'cart'> {
  const row = await db
    .selectFrom('carts as c')
    .innerJoin('cart_items as ci', 'ci.cart_id', 'c.id')
    .select('ci.id')
    .where('c.customer_id', '=', customerId)
    .where('c.status', '=', ACTIVE)
    .limit(1)
    .executeTakeFirst();
  return row ? 'cart' : 'browse';
}
