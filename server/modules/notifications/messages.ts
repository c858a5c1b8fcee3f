import { formatDay, formatDayTime } from '../../../schemas/dates.ts';
import { formatPaise } from '../../../schemas/money.ts';
import type { EmailContent } from './templates/content.ts';
import type { SmsTemplateId, SmsVariable } from './templates/sms.ts';

// What each transactional message says (docs/decisions/022-transactional-messages.md): pure functions from the
// facts of one event to its email content and its SMS template. Service messages only: no offer, no product
// suggestion, nothing a shopper would need marketing consent for.

export type RefundMethod = 'original' | 'bank';

export type MessageEvent =
  | { kind: 'order_placed'; order: string; amount: number; cod: boolean; paymentName: string; units: number; deliverTo: string | null }
  | { kind: 'payment_failed'; order: string; amount: number }
  | { kind: 'order_expired'; order: string; amount: number }
  | { kind: 'shipment_cancelled'; order: string; shipment: string; whole: boolean }
  | { kind: 'shipped'; order: string; shipment: string; awb: string }
  | { kind: 'out_for_delivery'; order: string; shipment: string; cod: boolean }
  | { kind: 'delivered'; order: string; shipment: string; products: Array<{ name: string; slug: string; id: number }> }
  | { kind: 'return_picked_up'; order: string; shipment: string }
  | { kind: 'refund_initiated' | 'refund_processed'; order: string; shipment: string; amount: number; method: RefundMethod }
  | GrievanceEvent;

/** A complaint received, and its answer (docs/grievance-redressal.md): dates are ISO strings, shown in India time. */
export type GrievanceEvent =
  | { kind: 'grievance_received'; ticket: string; order: string | null; about: string; acknowledgeBy: string; resolveBy: string }
  | { kind: 'grievance_answered'; ticket: string; order: string | null; answer: string };

export type MessageKind = MessageEvent['kind'];

export interface MessagePlan {
  email: EmailContent;
  sms: { template: SmsTemplateId; vars: Partial<Record<SmsVariable, string>> };
}

/**
 * How long a refund takes to show, by where it goes: back to the original payment 5 to 7 working days (what the
 * help centre's payments answer promises), to a bank account by IMPS or NEFT up to 3 working days.
 */
export const REFUND_DAYS: Record<RefundMethod, string> = { original: '5-7', bank: '1-3' };
const refundTarget: Record<RefundMethod, string> = { original: 'original payment method', bank: 'bank account' };

export function planMessage(event: MessageEvent, firstName: string | null, origin: string): MessagePlan {
  const greeting = firstName ? `Hi ${firstName},` : 'Hello,';
  if (event.kind === 'grievance_received' || event.kind === 'grievance_answered') return planGrievance(event, greeting, origin);
  const orderLink = { label: 'View your order', href: `${origin}/account/order/order-details/${event.order}` };
  switch (event.kind) {
    case 'order_placed':
      return {
        email: {
          subject: `Your Kasrat order ${event.order} is placed`,
          preview: event.cod ? `Pay ${formatPaise(event.amount)} when it arrives.` : `We received ${formatPaise(event.amount)}. Thank you!`,
          heading: 'Thank you, your order is placed',
          greeting,
          paragraphs: [
            event.cod
              ? `We have your order ${event.order}. Please keep ${formatPaise(event.amount)} ready to pay when it is delivered.`
              : `We have your order ${event.order} and your payment of ${formatPaise(event.amount)}. We will tell you when it ships.`,
          ],
          facts: [
            { label: 'Order', value: event.order },
            { label: event.cod ? 'To pay on delivery' : 'Paid', value: formatPaise(event.amount) },
            { label: 'Payment', value: event.paymentName },
            { label: 'Items', value: `${event.units} ${event.units === 1 ? 'unit' : 'units'}` },
            ...(event.deliverTo ? [{ label: 'Delivering to', value: event.deliverTo }] : []),
          ],
          action: orderLink,
        },
        sms: {
          template: event.cod ? 'order_placed_cod' : 'order_placed',
          vars: { order: event.order, amount: formatPaise(event.amount, '') },
        },
      };
    case 'payment_failed':
      return {
        email: {
          subject: `Payment for order ${event.order} did not go through`,
          preview: 'Your items are held for a short while: pay again to place the order.',
          heading: 'Your payment did not go through',
          greeting,
          paragraphs: [
            `The payment of ${formatPaise(event.amount)} for order ${event.order} failed. If money left your account, it comes back to it automatically within 5 to 7 working days.`,
            'Your items are held for a short while: you can pay again now, with the same or another method.',
          ],
          facts: [
            { label: 'Order', value: event.order },
            { label: 'Amount', value: formatPaise(event.amount) },
          ],
          action: { label: 'Pay again', href: `${origin}/retry-payment?orderId=${event.order}` },
        },
        sms: { template: 'payment_failed', vars: { order: event.order, amount: formatPaise(event.amount, '') } },
      };
    // SPEC §4.7: the time to pay ran out; the order stays in My Orders as not paid and cancelled.
    case 'order_expired':
      return {
        email: {
          subject: `Payment not received: order ${event.order} is cancelled`,
          preview: 'The time to pay ran out, so the order is cancelled.',
          heading: 'Payment not received',
          greeting,
          paragraphs: [
            `We did not receive the payment of ${formatPaise(event.amount)} for order ${event.order} in time, so the order is cancelled and the items it held are released.`,
            'If money left your account, it comes back to it automatically within 5 to 7 working days. You can order again from your cart at any time.',
          ],
          facts: [
            { label: 'Order', value: event.order },
            { label: 'Amount', value: formatPaise(event.amount) },
            { label: 'Status', value: 'Payment not received — cancelled' },
          ],
          action: orderLink,
        },
        sms: { template: 'order_expired', vars: { order: event.order, amount: formatPaise(event.amount, '') } },
      };
    case 'shipment_cancelled':
      return {
        email: {
          subject: event.whole ? `Shipment ${event.shipment} is cancelled` : `Items of shipment ${event.shipment} are cancelled`,
          preview: 'Your cancellation is done.',
          heading: event.whole ? 'Your shipment is cancelled' : 'Your items are cancelled',
          greeting,
          paragraphs: [
            event.whole
              ? `As you asked, shipment ${event.shipment} of order ${event.order} is cancelled.`
              : `As you asked, the items you chose from shipment ${event.shipment} (order ${event.order}) are cancelled. The rest of the shipment comes as planned.`,
            'If a refund is due, we send you a separate message with its amount as soon as it starts.',
          ],
          facts: [
            { label: 'Order', value: event.order },
            { label: 'Shipment', value: event.shipment },
          ],
          action: orderLink,
        },
        sms: { template: 'shipment_cancelled', vars: { shipment: event.shipment } },
      };
    case 'shipped': {
      const track = { label: 'Track your shipment', href: `${origin}/account/order/shipment-details/${event.shipment}` };
      return {
        email: {
          subject: `Shipment ${event.shipment} is on its way`,
          preview: `AWB ${event.awb}: track it any time.`,
          heading: 'Your shipment is on its way',
          greeting,
          paragraphs: [`Shipment ${event.shipment} of order ${event.order} is with our courier.`],
          facts: [
            { label: 'Shipment', value: event.shipment },
            { label: 'Courier AWB', value: event.awb },
          ],
          action: track,
        },
        sms: { template: 'shipped', vars: { shipment: event.shipment, awb: event.awb } },
      };
    }
    case 'out_for_delivery':
      return {
        email: {
          subject: `Shipment ${event.shipment} is out for delivery`,
          preview: 'It reaches you today.',
          heading: 'Out for delivery today',
          greeting,
          paragraphs: [
            `Shipment ${event.shipment} of order ${event.order} is out for delivery and reaches you today.`,
            ...(event.cod ? ['You chose to pay on delivery: please keep the amount due, shown in your order, ready.'] : []),
          ],
          facts: [{ label: 'Shipment', value: event.shipment }],
          action: { label: 'Track your shipment', href: `${origin}/account/order/shipment-details/${event.shipment}` },
        },
        sms: { template: 'out_for_delivery', vars: { shipment: event.shipment } },
      };
    case 'delivered': {
      const first = event.products[0];
      return {
        email: {
          subject: `Shipment ${event.shipment} is delivered`,
          preview: 'Enjoy! Tell other shoppers how you like it.',
          heading: 'Delivered',
          greeting,
          paragraphs: [
            `Shipment ${event.shipment} of order ${event.order} is delivered. We hope you enjoy it.`,
            'Something not right? You can ask for a return from your order.',
          ],
          facts: [{ label: 'Delivered', value: event.products.map((p) => p.name).join(', ') }],
          action: { label: 'Returns and invoice', href: `${origin}/account/order/order-delivered/${event.shipment}` },
          ...(first
            ? {
                secondary: {
                  text: `How is ${first.name}? Your review helps other shoppers choose.`,
                  link: { label: 'Write a review', href: `${origin}/${first.slug}/reviews/pr/${first.id}/rate-product` },
                },
              }
            : {}),
        },
        sms: { template: 'delivered', vars: { shipment: event.shipment } },
      };
    }
    case 'return_picked_up':
      return {
        email: {
          subject: `We picked up your return of shipment ${event.shipment}`,
          preview: 'Your refund starts once it reaches our warehouse.',
          heading: 'Your return is picked up',
          greeting,
          paragraphs: [
            `Our courier picked up the return of shipment ${event.shipment} (order ${event.order}).`,
            'Once it reaches our warehouse and is checked, we start your refund and tell you its amount.',
          ],
          facts: [{ label: 'Shipment', value: event.shipment }],
          action: { label: 'See your return', href: `${origin}/account/order/shipment-details/${event.shipment}` },
        },
        sms: { template: 'return_picked_up', vars: { shipment: event.shipment } },
      };
    case 'refund_initiated':
    case 'refund_processed': {
      const processed = event.kind === 'refund_processed';
      const days = REFUND_DAYS[event.method];
      return {
        email: {
          subject: processed
            ? `Your refund of ${formatPaise(event.amount)} is processed`
            : `Your refund of ${formatPaise(event.amount)} is on its way`,
          preview: `To your ${refundTarget[event.method]}, in ${days} working days.`,
          heading: processed ? 'Your refund is processed' : 'Your refund has started',
          greeting,
          paragraphs: [
            processed
              ? `We have sent ${formatPaise(event.amount)} for shipment ${event.shipment} to your ${refundTarget[event.method]}. Banks take ${days} working days to show it.`
              : `We have started a refund of ${formatPaise(event.amount)} for shipment ${event.shipment} to your ${refundTarget[event.method]}. Expect it in ${days} working days.`,
          ],
          facts: [
            { label: 'Refund', value: formatPaise(event.amount) },
            { label: 'To', value: event.method === 'original' ? 'Original payment method' : 'Bank account' },
            { label: 'Expected in', value: `${days} working days` },
            { label: 'Order', value: event.order },
          ],
          action: orderLink,
        },
        sms: {
          template: event.kind,
          vars: { shipment: event.shipment, amount: formatPaise(event.amount, ''), method: refundTarget[event.method], days },
        },
      };
    }
  }
}

/** The complaint messages: the ticket, its deadlines (received) or the answer (resolved), and where to follow it. */
function planGrievance(event: GrievanceEvent, greeting: string, origin: string): MessagePlan {
  const follow = { label: 'See your complaint', href: `${origin}/help-center/grievance` };
  const order = event.order ? [{ label: 'Order', value: event.order }] : [];
  if (event.kind === 'grievance_received') {
    const ackBy = formatDayTime(new Date(event.acknowledgeBy), 'IST');
    const resolveBy = formatDayTime(new Date(event.resolveBy), 'IST');
    return {
      email: {
        subject: `We received your complaint ${event.ticket}`,
        preview: `We acknowledge it within 48 hours and resolve it by ${resolveBy}.`,
        heading: 'Your complaint is received',
        greeting,
        paragraphs: [
          `Your complaint ${event.ticket} (${event.about}) is with our grievance officer.`,
          `We acknowledge it by ${ackBy} at the latest, and resolve it by ${resolveBy}.`,
        ],
        facts: [
          { label: 'Ticket', value: event.ticket },
          ...order,
          { label: 'Acknowledged by', value: ackBy },
          { label: 'Resolved by', value: resolveBy },
        ],
        action: follow,
      },
      sms: { template: 'grievance_received', vars: { ticket: event.ticket, date: formatDay(new Date(event.resolveBy), 'IST') } },
    };
  }
  return {
    email: {
      subject: `Your complaint ${event.ticket} is resolved`,
      preview: 'Our grievance officer has answered your complaint.',
      heading: 'Our answer to your complaint',
      greeting,
      paragraphs: [`Our answer to your complaint ${event.ticket}:`, event.answer],
      facts: [{ label: 'Ticket', value: event.ticket }, ...order],
      action: follow,
    },
    sms: { template: 'grievance_answered', vars: { ticket: event.ticket } },
  };
}
