import { createHash } from 'node:crypto';
import { toRupees } from '../../../schemas/money.ts';
import type { Db } from '../../db/database.ts';
import { hashEmail, hashExternalId, hashPhone } from './service.ts';
import { enqueueForward } from './queries.ts';
import { hasConsent } from '../consent/index.ts';

// A processed refund reaches GA4 and Meta from the server, built from the stored refund, once per refund
// (docs/decisions/016-reporting-the-vendors-accept.md). The browser has no part in it: the shopper is long gone
// when a return is received or a pay-on-delivery order comes back undelivered.
//
// - GA4 (Measurement Protocol, "refund" of the recommended events): `transaction_id` is the order id the purchase
//   carried; a whole refund leaves `items` out, a partial refund lists the refunded items (GA4: "for partial
//   refunds, include items"). Products are named by SKU, as every other GA4 item (docs/decisions/016).
// - Meta (the server feed, Conversions API): Meta has no standard refund event; a custom event `Refund` with the
//   refunded value, the order id and the SKUs, `action_source: system_generated` (no browser took part), matched
//   by the buyer's hashed email, phone and external id as the Purchase was.

export const META_REFUND_EVENT = 'Refund';

/** A pseudonymous GA4 client id for server-sent events (GA4 asks for one; no `_ga` cookie is kept for an order). */
export function ga4ClientIdOf(orderNumber: string, createdAt: Date): string {
  const n = Number.parseInt(createHash('sha256').update(`kasrat-ga4|${orderNumber}`).digest('hex').slice(0, 8), 16);
  return `${n}.${Math.floor(createdAt.getTime() / 1000)}`;
}

/** The GA4 and Meta reports of one processed refund, as queued; null when the refund is not processed. */
export async function refundReports(db: Db, refundId: number) {
  const refund = await db
    .selectFrom('refunds as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select([
      'r.id',
      'r.amount',
      'r.status',
      'r.idempotency_key',
      'r.processed_at',
      'o.order_number',
      'o.total',
      'o.created_at',
      'o.customer_id',
    ])
    .where('r.id', '=', refundId)
    .executeTakeFirst();
  if (refund?.status !== 'processed') return null;
  const lines = await db
    .selectFrom('refund_items as ri')
    .innerJoin('order_items as i', 'i.id', 'ri.order_item_id')
    .select(['i.sku', 'i.name', 'i.sale_price', 'ri.quantity', 'i.is_freebie'])
    .where('ri.refund_id', '=', refundId)
    .orderBy('i.id')
    .execute();
  // SPEC §4: free gifts are left out of reported items.
  const items = lines.filter((l) => !l.is_freebie && l.quantity > 0);
  const whole = refund.amount >= refund.total;
  const value = toRupees(refund.amount);
  const ga4 = {
    client_id: ga4ClientIdOf(refund.order_number, new Date(refund.created_at)),
    non_personalized_ads: true,
    events: [
      {
        name: 'refund',
        params: {
          currency: 'INR',
          transaction_id: refund.order_number,
          value,
          ...(whole
            ? {}
            : { items: items.map((l) => ({ item_id: l.sku, item_name: l.name, price: toRupees(l.sale_price), quantity: l.quantity })) }),
        },
      },
    ],
  };
  const customer = await db.selectFrom('customers').select(['email', 'mobile']).where('id', '=', refund.customer_id).executeTakeFirst();
  const user_data: Record<string, string[]> = {};
  const em = hashEmail(customer?.email ?? undefined);
  const ph = hashPhone(customer?.mobile ?? undefined);
  const ext = hashExternalId(String(refund.customer_id));
  if (em) user_data.em = [em];
  if (ph) user_data.ph = [ph];
  if (ext) user_data.external_id = [ext];
  const meta = {
    event_name: META_REFUND_EVENT,
    event_time: Math.floor(new Date(refund.processed_at ?? Date.now()).getTime() / 1000),
    event_id: `refund-${refund.id}`,
    action_source: 'system_generated',
    user_data,
    custom_data: {
      currency: 'INR',
      value,
      order_id: refund.order_number,
      content_type: 'product',
      content_ids: items.map((l) => l.sku),
      contents: items.map((l) => ({ id: l.sku, quantity: l.quantity, item_price: toRupees(l.sale_price) })),
      refund_type: whole ? 'whole' : 'partial',
    },
  };
  return { ga4, meta, customerId: refund.customer_id };
}

/**
 * Queues a processed refund's reports (GA4 and Meta), once per refund however often it is called: the outbox keeps
 * one row per (kind, ref). The call site is the refund's point of success.
 */
export async function reportRefund(db: Db, refundId: number): Promise<void> {
  const reports = await refundReports(db, refundId);
  if (!reports) return;
  // SPEC §4.8: each vendor gets the refund only when the order's customer's recorded consent grants what it needs
  // (providers/consent.ts: GA4 is the analytics service, Meta the server conversions).
  if (await hasConsent(db, reports.customerId, ['analytics_storage'])) await enqueueForward(db, 'ga4', `refund:${refundId}`, reports.ga4);
  if (await hasConsent(db, reports.customerId, ['ad_user_data']))
    await enqueueForward(db, 'conversion', `${META_REFUND_EVENT}:refund-${refundId}`, reports.meta);
}
