import type { RefundAmount } from '../../../schemas/orders.ts';
import { MAX_RETURN_PHOTOS } from '../../../schemas/orders.ts';
import type { Db } from '../../db/database.ts';
import { BadRequest, Conflict, NotFound } from '../../http/errors.ts';
import { uploadUrl } from '../uploads/index.ts';
import { readAddress } from './address.ts';
import { canMove, move } from './lifecycle.ts';
import * as q from './queries.ts';
import { priceRefund } from './refund-account.ts';
import { PAY_ON_DELIVERY } from '../../../schemas/payment-rules.ts';
import { type MoveContext, type SelectedUnits, applyMove, pickLines, promotionsAfter } from './moving.ts';
import { REFUND_LABELS, RETURN_WINDOW_DAYS, canReturn, iso, itemView, pickupOf, returnWindowEnd, shipmentNotFound } from './order-rules.ts';

// Returns (SPEC §7 /api/order): what a shipment may return, the refund it would get, the request with its
// photos, and the pickup address.

async function pickupFor(db: q.Executor, shipment: q.FoundShipment, customerId: number) {
  const id = await q.pickupAddressIdOf(db, shipment.id);
  const chosen = id ? await q.findAddress(db, id, customerId) : undefined;
  return { id: chosen ? chosen.id : null, address: chosen ? pickupOf(chosen) : pickupOf(readAddress(shipment.order_address)) };
}

const refundMethodOf = (s: { payment_method: number | null }) =>
  (s.payment_method === PAY_ON_DELIVERY ? 'bank' : 'original') as 'bank' | 'original';

export async function returnDetails(db: Db, customerId: number, shipmentId: string) {
  const shipment = await q.findShipment(db, shipmentId, customerId);
  if (!shipment) throw shipmentNotFound();
  const [items, pickup, media] = await Promise.all([
    q.itemsOfShipment(db, shipment.id),
    pickupFor(db, shipment, customerId),
    q.mediaOfShipment(db, shipment.id, null),
  ]);
  const method = refundMethodOf(shipment);
  return {
    shipment_id: shipment.shipment_number,
    order_id: shipment.order_number,
    status: shipment.status,
    can_return: canReturn(shipment),
    return_window_ends_at: iso(returnWindowEnd(shipment)),
    items: items.map((i) => itemView(i, shipment)),
    pickup_address_id: pickup.id,
    pickup_address: pickup.address,
    refund_method: method,
    refund_method_label: method === 'bank' ? 'Refund to your bank account' : 'Refund to your original payment method',
    media: media.map((m) => ({ media_id: m.public_id, url: uploadUrl(m.public_id), content_type: m.content_type })),
  };
}

/** The shipment must be the customer's and returnable before a photo for it is stored. */
export async function assertReturnable(db: Db, customerId: number, shipmentId: string) {
  const shipment = await q.findShipment(db, shipmentId, customerId);
  if (!shipment) throw shipmentNotFound();
  if (!canReturn(shipment)) {
    if (!canMove(shipment.status, 'REQUEST_RETURN')) move(shipment.status, 'REQUEST_RETURN');
    throw new Conflict(`The return window of this shipment closed ${RETURN_WINDOW_DAYS} days after delivery.`);
  }
  return shipment;
}

/**
 * Stores a return photo and attaches it to the shipment, refusing it once the shipment already holds
 * MAX_RETURN_PHOTOS photos waiting for a return: the cap holds from the first photo, not only at submit. The
 * shipment's row lock makes parallel uploads count one after another.
 */
export async function attachReturnMedia<T extends { id: number }>(db: Db, shipmentId: number, store: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    await tx.selectFrom('shipments').select('id').where('id', '=', shipmentId).forUpdate().executeTakeFirst();
    const waiting = await tx
      .selectFrom('return_media')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('shipment_id', '=', shipmentId)
      .where('return_id', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(waiting.n) >= MAX_RETURN_PHOTOS) throw new BadRequest(TOO_MANY_RETURN_PHOTOS);
    const stored = await store(tx);
    await tx.insertInto('return_media').values({ upload_id: stored.id, shipment_id: shipmentId }).execute();
    return stored;
  });
}

export const TOO_MANY_RETURN_PHOTOS = `This return already has ${MAX_RETURN_PHOTOS} photos: that is the most it can take.`;

export async function refundQuote(db: Db, customerId: number, shipmentId: string, selection: SelectedUnits[]): Promise<RefundAmount> {
  const shipment = await assertReturnable(db, customerId, shipmentId);
  return quoteReturn(db, shipment, selection);
}

export async function quoteReturn(db: q.Executor, shipment: q.FoundShipment, selection: SelectedUnits[]): Promise<RefundAmount> {
  const items = await q.itemsOfShipment(db, shipment.id);
  const { lost, chosen } = await promotionsAfter(db, shipment.order_id, shipment.id, pickLines(items, selection, 'return'));
  // A delivered pay-on-delivery shipment was paid at the door: what it was paid is what it can refund.
  const breakdown = await priceRefund(db, shipment, { reason: 'return', chosen, paid: true, cancelsWholeShipment: false, lost });
  const method = refundMethodOf(shipment);
  return {
    amount: breakdown.total,
    method,
    method_label: method === 'bank' ? REFUND_LABELS.bank : REFUND_LABELS.original,
    items: breakdown.items,
    note: breakdown.note,
  };
}

export interface ReturnInput {
  shipmentId: string;
  reason_id: string;
  comment: string | null;
  items: SelectedUnits[];
  media_ids: string[];
  bank_account_id?: number | null;
}

/**
 * A return requested on a locked shipment inside its return window: the refund quoted as the shopper saw it, the
 * bank account a pay-on-delivery refund goes to, the photos, the pickup address; the shipment moves to return
 * requested. `reason` is the label of `input.reason_id` (returnReason).
 */
export async function requestReturn(ctx: MoveContext, customerId: number, reason: string, input: ReturnInput) {
  const { trx } = ctx;
  if (!canReturn(ctx.shipment)) {
    move(ctx.shipment.status, 'REQUEST_RETURN');
    throw new Conflict(`The return window of this shipment closed ${RETURN_WINDOW_DAYS} days after delivery.`);
  }
  const quote = await quoteReturn(trx, ctx.shipment, input.items);
  let bankAccountId: number | null = null;
  if (quote.method === 'bank') {
    if (!input.bank_account_id) throw new BadRequest('Please add a bank account for your refund: this order was paid on delivery.');
    const account = await q.findBankAccount(trx, input.bank_account_id, customerId);
    if (!account) throw new NotFound('We could not find this bank account in your account.');
    bankAccountId = account.id;
  }
  // The route asks for a photo; a caller that sends none (operations, the store model) stores none.
  const media = !input.media_ids.length
    ? []
    : await trx
        .selectFrom('return_media as m')
        .innerJoin('uploads as u', 'u.id', 'm.upload_id')
        .select(['u.id', 'u.public_id'])
        .where('m.shipment_id', '=', ctx.shipment.id)
        .where('m.return_id', 'is', null)
        .where('u.customer_id', '=', customerId)
        .where('u.public_id', 'in', input.media_ids)
        .execute();
  if (media.length !== new Set(input.media_ids).size) throw new NotFound('One of the photos was not found. Please upload it again.');

  const pickup = await pickupFor(trx, ctx.shipment, customerId);
  await applyMove(ctx, 'REQUEST_RETURN', `Return requested: ${reason}`);
  const ret = await trx
    .insertInto('returns')
    .values({
      shipment_id: ctx.shipment.id,
      customer_id: customerId,
      reason_code: input.reason_id,
      comment: input.comment,
      pickup_address: JSON.stringify(pickup.address),
      refund_method: quote.method,
      bank_account_id: bankAccountId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('return_items')
    // The quote's lines: the chosen ones, and a free gift that must come back with them.
    .values(quote.items.map((i) => ({ return_id: ret.id, order_item_id: i.order_item_id, quantity: i.units })))
    .execute();
  if (media.length)
    await trx
      .updateTable('return_media')
      .set({ return_id: ret.id })
      .where(
        'upload_id',
        'in',
        media.map((m) => m.id),
      )
      .execute();
  return { shipment_id: ctx.shipment.shipment_number, status: ctx.shipment.status, refund: quote };
}

export async function setPickupAddress(db: Db, customerId: number, shipmentId: string, addressId: number) {
  const shipment = await q.findShipment(db, shipmentId, customerId);
  if (!shipment) throw shipmentNotFound();
  if (!canReturn(shipment)) move(shipment.status, 'REQUEST_RETURN');
  const address = await q.findAddress(db, addressId, customerId);
  if (!address) throw new NotFound('We could not find this address in your account.');
  await db
    .insertInto('shipment_pickup_addresses')
    .values({ shipment_id: shipment.id, address_id: address.id })
    .onConflict((oc) => oc.column('shipment_id').doUpdateSet({ address_id: address.id }))
    .execute();
  return { shipment_id: shipment.shipment_number, pickup_address_id: address.id, pickup_address: pickupOf(address) };
}
