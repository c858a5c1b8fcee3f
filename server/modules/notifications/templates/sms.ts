// SMS as Indian DLT rules require (docs/decisions/022-transactional-messages.md): every message is one registered
// template, fixed text with variables, and a variable holds at most 30 characters. The site's origin is part of
// the fixed text (it is the same for every message of a deployment). Texts stay in the GSM 7-bit alphabet (no ₹,
// no curly quotes): one character outside it turns the message into UCS-2, whose single part holds 70 characters,
// not 160.

/** The longest value each variable may carry; a longer one is cut (it never happens with our identifiers). */
export const SMS_VARIABLES = {
  order: 14,
  shipment: 17,
  amount: 11,
  awb: 20,
  method: 24,
  days: 6,
  ticket: 12,
  date: 11,
} as const;

export type SmsVariable = keyof typeof SMS_VARIABLES;

export const SMS_TEMPLATES = {
  order_placed: 'Kasrat: Thank you! Order {order} of Rs {amount} is placed. Details: {origin}/account/order/order-details/{order}',
  order_placed_cod:
    'Kasrat: Order {order} is placed. Please pay Rs {amount} on delivery. Details: {origin}/account/order/order-details/{order}',
  payment_failed: 'Kasrat: Payment of Rs {amount} for order {order} did not go through. Pay again: {origin}/retry-payment?orderId={order}',
  order_expired: 'Kasrat: Payment of Rs {amount} for order {order} was not received in time, so it is cancelled. {origin}/account/order',
  shipment_cancelled: 'Kasrat: Items of shipment {shipment} are cancelled as asked. Any refund due is sent in a separate message.',
  shipped: 'Kasrat: Shipment {shipment} is on its way, AWB {awb}. Track: {origin}/account/order/shipment-details/{shipment}',
  out_for_delivery: 'Kasrat: Shipment {shipment} is out for delivery today. Track: {origin}/account/order/shipment-details/{shipment}',
  delivered: 'Kasrat: Shipment {shipment} is delivered. Thank you! Returns and reviews: {origin}/account/order/order-delivered/{shipment}',
  return_picked_up: 'Kasrat: We picked up the return of shipment {shipment}. The refund starts once it reaches our warehouse.',
  refund_initiated:
    'Kasrat: Refund of Rs {amount} for shipment {shipment} is initiated to your {method}. Expect it in {days} working days.',
  refund_processed: 'Kasrat: Refund of Rs {amount} for shipment {shipment} is processed to your {method}. It shows in {days} working days.',
  grievance_received:
    'Kasrat: Complaint {ticket} received. We acknowledge it in 48 hours, resolve it by {date}. See {origin}/help-center/grievance',
  grievance_answered: 'Kasrat: Complaint {ticket} is resolved. Read our answer: {origin}/help-center/grievance',
} as const;

export type SmsTemplateId = keyof typeof SMS_TEMPLATES;

const PLACEHOLDER = /\{(\w+)\}/g;

/** The template as registered with the DLT operator: the origin written out, each variable as {#var#}. */
export function dltTemplate(id: SmsTemplateId, origin: string): string {
  return SMS_TEMPLATES[id].replace(PLACEHOLDER, (_m, name: string) => (name === 'origin' ? origin : '{#var#}'));
}

/** The message: the template with its variables filled (each cut to its length) and the origin written out. */
export function renderSms(id: SmsTemplateId, vars: Partial<Record<SmsVariable, string>>, origin: string): string {
  return SMS_TEMPLATES[id].replace(PLACEHOLDER, (_m, name: string) => {
    if (name === 'origin') return origin;
    const value = vars[name as SmsVariable];
    if (value === undefined) throw new Error(`SMS template ${id} needs ${name}`);
    return toGsm(value).slice(0, SMS_VARIABLES[name as SmsVariable]);
  });
}

/** The GSM 7-bit basic alphabet (without the escape table), which keeps one part at 160 characters. */
export const GSM_7BIT = /^[A-Za-z0-9 @£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ!"#¤%&'()*+,\-./:;<=>?¡ÄÖÑÜ§¿äöñüà]*$/;

/** A value brought into the alphabet: a character outside it becomes '?'. */
const toGsm = (value: string): string => [...value].map((c) => (GSM_7BIT.test(c) ? c : '?')).join('');
