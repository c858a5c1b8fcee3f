import { cardExpired, type SavedCardView } from '../../../schemas/payment.ts';
import type { Db } from '../../db/database.ts';
import { AppError, NotFound } from '../../http/errors.ts';
import type { VaultCustomer, VerifiedCallback } from '../../payments/index.ts';
import type { PaymentDeps } from './service.ts';

// Saved cards under card-on-file tokenisation (docs/decisions/024-saved-cards.md): the gateway holds the card;
// the store keeps its token reference, network, last four digits and expiry, per customer and gateway. A card
// is saved only from a paid attempt whose callback carries the token (the shopper consented on the gateway's
// page), listed while it has not expired, and removed at the gateway before its row goes.

export class SavedCardNotRemoved extends AppError {
  constructor() {
    super(502, 'The card could not be removed right now. Please try again.');
  }
}

type CardRow = { id: number; network: SavedCardView['network']; last4: string; expiry_month: number; expiry_year: number };

const view = (r: CardRow): SavedCardView => ({
  id: r.id,
  network: r.network,
  last4: r.last4,
  expiry_month: r.expiry_month,
  expiry_year: r.expiry_year,
});

async function vaultCustomer(db: Db, customerId: number): Promise<VaultCustomer> {
  const c = await db.selectFrom('customers').select(['email', 'mobile']).where('id', '=', customerId).executeTakeFirstOrThrow();
  return { id: customerId, ...c };
}

/** The customer's saved cards with the configured gateway that can still pay (expired ones are not offered). */
export async function listSavedCards(deps: PaymentDeps, customerId: number, now = new Date()): Promise<SavedCardView[]> {
  if (!deps.gateway.savedCards) return [];
  const rows = await deps.db
    .selectFrom('saved_cards')
    .select(['id', 'network', 'last4', 'expiry_month', 'expiry_year'])
    .where('customer_id', '=', customerId)
    .where('gateway', '=', deps.gateway.name)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.filter((r) => !cardExpired(r, now)).map(view);
}

/** The customer's own card with this gateway, else 404 (another customer's card does not exist for them). */
async function ownCard(db: Db, gateway: string, customerId: number, id: number) {
  const card = await db
    .selectFrom('saved_cards')
    .selectAll()
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .where('gateway', '=', gateway)
    .executeTakeFirst();
  if (!card) throw new NotFound('Saved card not found');
  return card;
}

/** The card an attempt pays with: the customer's, with this gateway, not expired. */
export async function cardForPayment(trx: Db, deps: PaymentDeps, customerId: number, id: number, now: Date) {
  if (!deps.gateway.savedCards) throw new NotFound('Saved card not found');
  const card = await ownCard(trx, deps.gateway.name, customerId, id);
  if (cardExpired(card, now)) throw new NotFound('Saved card not found');
  return card;
}

/** The token a saved card's attempt hands to the gateway, or null for an attempt without one. */
export async function savedCardToken(db: Db, savedCardId: number | null): Promise<string | null> {
  if (savedCardId === null) return null;
  const row = await db.selectFrom('saved_cards').select('token').where('id', '=', savedCardId).executeTakeFirst();
  return row?.token ?? null;
}

/** Removes the card at the gateway (outside any transaction), then its row. */
export async function deleteSavedCard(deps: PaymentDeps, customerId: number, id: number): Promise<void> {
  const card = await ownCard(deps.db, deps.gateway.name, customerId, id);
  const removed = await deps.gateway.savedCards?.remove(await vaultCustomer(deps.db, customerId), card.token).catch((error: unknown) => {
    deps.log?.warn({ err: String(error), card: id }, 'gateway did not remove a saved card');
    return false;
  });
  if (!removed) throw new SavedCardNotRemoved();
  await deps.db.deleteFrom('saved_cards').where('id', '=', card.id).execute();
}

/**
 * After a paid attempt was applied: the card tokenised on it (with consent) is kept for the attempt's customer.
 * The same token again updates its expiry (a reissued card keeps its token under the RBI rules).
 */
export async function keepSavedCard(deps: PaymentDeps, callback: VerifiedCallback): Promise<void> {
  if (callback.status !== 'success') return;
  const vault = deps.gateway.savedCards;
  if (!callback.savedCard && !vault?.paidWith) return;
  const owner = await deps.db
    .selectFrom('payments')
    .innerJoin('orders', 'orders.id', 'payments.order_id')
    .select(['orders.customer_id', 'payments.gateway'])
    .where('payments.gateway_order_ref', '=', callback.ref)
    .executeTakeFirst();
  if (!owner || owner.gateway !== deps.gateway.name) return;
  // A gateway that does not report tokenisation in its answer is asked which of its tokens paid (Paytm).
  const card =
    callback.savedCard ??
    (await vault?.paidWith?.(await vaultCustomer(deps.db, owner.customer_id), callback).catch((error: unknown) => {
      deps.log?.warn({ err: String(error), ref: callback.ref }, 'gateway vault did not answer: the card is not saved');
      return null;
    }));
  if (!card) return;
  await deps.db
    .insertInto('saved_cards')
    .values({
      customer_id: owner.customer_id,
      gateway: owner.gateway,
      token: card.token,
      network: card.network,
      last4: card.last4,
      expiry_month: card.expiryMonth,
      expiry_year: card.expiryYear,
    })
    .onConflict((oc) =>
      oc.columns(['customer_id', 'gateway', 'token']).doUpdateSet({ expiry_month: card.expiryMonth, expiry_year: card.expiryYear }),
    )
    .execute();
}
