import { paymentMethodName, PAY_ON_DELIVERY } from '../../../schemas/payment-rules.ts';
import { siteOrigin } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { enqueueOnce } from '../../messaging/outbox.ts';
import { type GrievanceEvent, type MessageEvent, planMessage } from './messages.ts';
import * as q from './queries.ts';
import { renderEmail } from './templates/render.tsx';
import { renderSms } from './templates/sms.ts';

// Transactional messages (docs/decisions/022-transactional-messages.md). Each notify function is called with the
// transaction of the change it reports, so the message is queued if and only if the change commits; the outbox
// worker sends it after. Each (subject, event, channel) has one key in the outbox: a second report of the same
// event (a retried callback, another instance, a replayed operations step) queues nothing.

/** The site's origin for links in messages: PUBLIC_ORIGIN (required in production), else the local server. */
export function messageOrigin(env: NodeJS.ProcessEnv = process.env): string {
  return siteOrigin(env) || `http://localhost:${env.PORT ?? '3000'}`;
}

/** Queues the email and the SMS of one event for a customer, once per key; returns how many were queued now. */
export async function queueEvent(db: Db, customerId: number, event: MessageEvent, subjectKey: string): Promise<number> {
  const who = await q.recipientOf(db, customerId);
  if (!who) return 0;
  const origin = messageOrigin();
  const plan = planMessage(event, who.first_name.trim() || null, origin);
  let queued = 0;
  if (who.email) {
    const email = renderEmail(plan.email, origin);
    const message = { channel: 'email' as const, to: who.email, subject: email.subject, body: email.text, html: email.html };
    if (await enqueueOnce(db, message, `${subjectKey}:${event.kind}:email`)) queued++;
  }
  if (who.mobile) {
    const body = renderSms(plan.sms.template, plan.sms.vars, origin);
    const message = { channel: 'sms' as const, to: who.mobile, c_code: who.c_code, body };
    if (await enqueueOnce(db, message, `${subjectKey}:${event.kind}:sms`)) queued++;
  }
  return queued;
}

/** The order is placed: paid online, or pay on delivery chosen. */
export async function notifyOrderPlaced(db: Db, orderId: number): Promise<number> {
  const o = await q.orderFacts(db, orderId);
  if (!o) return 0;
  const address = (o.address ?? {}) as Record<string, unknown>;
  const place = [address.city, address.pincode].filter((v) => typeof v === 'string' && v).join(' ');
  const event: MessageEvent = {
    kind: 'order_placed',
    order: o.order_number,
    amount: o.total,
    cod: o.payment_method === PAY_ON_DELIVERY,
    paymentName: paymentMethodName(o.payment_method),
    units: Number(o.units ?? 0),
    deliverTo: place || null,
  };
  return queueEvent(db, o.customer_id, event, `order:${o.order_number}`);
}

/** A payment attempt failed: the shopper may pay again while the order waits. One message per attempt. */
export async function notifyPaymentFailed(db: Db, paymentId: number): Promise<number> {
  const p = await q.paymentFacts(db, paymentId);
  if (!p) return 0;
  return queueEvent(db, p.customer_id, { kind: 'payment_failed', order: p.order_number, amount: p.amount }, `payment:${p.id}`);
}

/** SPEC §4.7: an unpaid order's time to pay ran out and it was cancelled. One message per order. */
export async function notifyOrderExpired(db: Db, orderId: number): Promise<number> {
  const o = await q.orderFacts(db, orderId);
  if (!o) return 0;
  return queueEvent(db, o.customer_id, { kind: 'order_expired', order: o.order_number, amount: o.total }, `order:${o.order_number}`);
}

/**
 * Units of a shipment were cancelled (all of them, or some). Called after the cancellation's writes: every
 * cancellation moves the shipment's version on, so the version names this one.
 */
export async function notifyShipmentCancelled(db: Db, shipmentNumber: string): Promise<number> {
  const s = await shipmentByNumber(db, shipmentNumber);
  if (!s) return 0;
  const event: MessageEvent = {
    kind: 'shipment_cancelled',
    order: s.order_number,
    shipment: s.shipment_number,
    whole: s.status === 'cancelled',
  };
  return queueEvent(db, s.customer_id, event, `shipment:${s.shipment_number}:v${s.version}`);
}

export type ShipmentNotice = 'shipped' | 'out_for_delivery' | 'delivered' | 'return_picked_up';

/** A shipment moved on its way (shipped, out for delivery, delivered) or its return was picked up. */
export async function notifyShipment(db: Db, shipmentNumber: string, notice: ShipmentNotice): Promise<number> {
  const s = await shipmentByNumber(db, shipmentNumber);
  if (!s) return 0;
  const base = { order: s.order_number, shipment: s.shipment_number };
  let event: MessageEvent;
  switch (notice) {
    case 'shipped':
      event = { kind: 'shipped', ...base, awb: s.awb ?? '' };
      break;
    case 'out_for_delivery':
      event = { kind: 'out_for_delivery', ...base, cod: s.payment_method === PAY_ON_DELIVERY };
      break;
    case 'delivered': {
      const products = await q.deliveredProducts(db, s.id);
      event = { kind: 'delivered', ...base, products: products.map((p) => ({ id: p.id, slug: p.slug, name: p.name })) };
      break;
    }
    case 'return_picked_up':
      event = { kind: 'return_picked_up', ...base };
      break;
  }
  return queueEvent(db, s.customer_id, event, `shipment:${s.shipment_number}`);
}

async function shipmentByNumber(db: Db, shipmentNumber: string) {
  const id = await q.shipmentIdByNumber(db, shipmentNumber);
  return id === undefined ? undefined : q.shipmentFacts(db, id);
}

/** A refund was written (initiated) or paid out (processed): its amount, where it goes, when it shows. */
export async function notifyRefund(db: Db, refundId: number, stage: 'initiated' | 'processed'): Promise<number> {
  const r = await q.refundFacts(db, refundId);
  if (!r) return 0;
  const event: MessageEvent = {
    kind: stage === 'initiated' ? 'refund_initiated' : 'refund_processed',
    order: r.order_number,
    shipment: r.shipment_number,
    amount: r.amount,
    method: r.method,
  };
  return queueEvent(db, r.customer_id, event, `refund:${r.id}`);
}

/** A complaint was received, or answered (docs/grievance-redressal.md): one message per ticket and event. */
export async function notifyGrievance(db: Db, customerId: number, event: GrievanceEvent): Promise<number> {
  return queueEvent(db, customerId, event, `grievance:${event.ticket}`);
}
