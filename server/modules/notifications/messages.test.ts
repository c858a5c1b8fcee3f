import { type MessageEvent, planMessage } from './messages.ts';
import { renderEmail } from './templates/render.tsx';
import { dltTemplate, GSM_7BIT, renderSms, SMS_TEMPLATES, SMS_VARIABLES, type SmsTemplateId } from './templates/sms.ts';

// The message rules (docs/decisions/022-transactional-messages.md): SMS within one 160-character GSM part and
// shaped as a DLT template, every email in one layout with both parts saying the same, and no marketing.

const ORIGIN = 'https://www.kasrat.in';
const longest = Object.fromEntries(Object.entries(SMS_VARIABLES).map(([k, n]) => [k, 'W'.repeat(n)]));

const events: MessageEvent[] = [
  { kind: 'order_placed', order: 'KS1001', amount: 249_900, cod: false, paymentName: 'UPI', units: 2, deliverTo: 'Pune 411001' },
  { kind: 'order_placed', order: 'KS1002', amount: 123_456_00, cod: true, paymentName: 'Pay on delivery', units: 1, deliverTo: null },
  { kind: 'payment_failed', order: 'KS1003', amount: 99_900 },
  { kind: 'shipment_cancelled', order: 'KS1004', shipment: 'KS1004-1', whole: true },
  { kind: 'shipment_cancelled', order: 'KS1004', shipment: 'KS1004-2', whole: false },
  { kind: 'shipped', order: 'KS1005', shipment: 'KS1005-1', awb: 'DL1234567890' },
  { kind: 'out_for_delivery', order: 'KS1005', shipment: 'KS1005-1', cod: true },
  { kind: 'delivered', order: 'KS1005', shipment: 'KS1005-1', products: [{ id: 7, slug: 'whey-gold', name: 'Whey Gold 1 kg' }] },
  { kind: 'return_picked_up', order: 'KS1006', shipment: 'KS1006-1' },
  { kind: 'refund_initiated', order: 'KS1006', shipment: 'KS1006-1', amount: 150_000, method: 'original' },
  { kind: 'refund_processed', order: 'KS1006', shipment: 'KS1006-1', amount: 150_000, method: 'bank' },
  {
    kind: 'grievance_received',
    ticket: 'KSG-0A1B2C3D',
    order: 'KS1007',
    about: 'Delivery or missing items',
    acknowledgeBy: '2027-01-31T18:30:00.000Z',
    resolveBy: '2027-02-28T18:30:00.000Z',
  },
  { kind: 'grievance_answered', ticket: 'KSG-0A1B2C3D', order: null, answer: 'A replacement is on its way.' },
  { kind: 'order_expired', order: 'KS1007', amount: 99_900 },
];

describe('SMS templates', () => {
  test.each(Object.keys(SMS_TEMPLATES) as SmsTemplateId[])('%s fits one GSM part with every variable at its longest', (id) => {
    const text = renderSms(id, longest, ORIGIN);
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text).toMatch(GSM_7BIT);
    expect(text.startsWith('Kasrat: ')).toBe(true);
  });

  test('the registered form is the fixed text with {#var#} for each variable, and a message matches it', () => {
    expect(dltTemplate('shipped', ORIGIN)).toBe(
      'Kasrat: Shipment {#var#} is on its way, AWB {#var#}. Track: https://www.kasrat.in/account/order/shipment-details/{#var#}',
    );
    for (const id of Object.keys(SMS_TEMPLATES) as SmsTemplateId[]) {
      const pattern = new RegExp(
        `^${dltTemplate(id, ORIGIN)
          .split('{#var#}')
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('.{1,30}')}$`,
      );
      expect(renderSms(id, longest, ORIGIN)).toMatch(pattern);
    }
  });

  test('a variable is cut to its length and kept in the GSM alphabet; a missing one is a bug, not a blank', () => {
    const text = renderSms('shipped', { shipment: 'KS1-1', awb: `“AWB”${'9'.repeat(40)}` }, ORIGIN);
    expect(text).toContain(`AWB ?AWB?${'9'.repeat(15)}.`);
    expect(() => renderSms('shipped', { shipment: 'KS1-1' }, ORIGIN)).toThrow(/needs awb/);
  });
});

describe('emails', () => {
  test.each(events.map((e) => [e.kind, e] as const))('%s: both parts carry the facts and the action link', (_kind, event) => {
    const plan = planMessage(event, 'Asha', ORIGIN);
    const email = renderEmail(plan.email, ORIGIN);
    expect(email.html.startsWith('<!DOCTYPE html')).toBe(true);
    expect(email.html).toContain('KASRAT');
    expect(email.text).toContain('Hi Asha,');
    for (const fact of plan.email.facts) {
      expect(email.text).toContain(`${fact.label}: ${fact.value}`);
      expect(email.html).toContain(escapeHtml(fact.value));
    }
    if (plan.email.action) {
      expect(email.text).toContain(`${plan.email.action.label}: ${plan.email.action.href}`);
      expect(email.html).toContain(`href="${escapeHtml(plan.email.action.href)}"`);
    }
    // Service messages only: nothing that would need marketing consent.
    expect(`${email.subject} ${email.text}`).not.toMatch(/\b(offer|sale|discount|coupon|deal|% off|newsletter deals)\b/i);
    expect(renderSms(plan.sms.template, plan.sms.vars, ORIGIN).length).toBeLessThanOrEqual(160);
  });

  test('rupees in Indian grouping, the order amount exact; without a first name the greeting stays polite', () => {
    const cod = planMessage(events[1], null, ORIGIN);
    expect(cod.email.greeting).toBe('Hello,');
    expect(cod.email.facts).toContainEqual({ label: 'To pay on delivery', value: '₹1,23,456' });
    expect(renderSms(cod.sms.template, cod.sms.vars, ORIGIN)).toContain('pay Rs 1,23,456 on delivery');
  });

  test('a refund states amount, where it goes and the expected days for that method', () => {
    const [initiated, processed] = [events[9], events[10]].map((e) => planMessage(e, 'Asha', ORIGIN));
    expect(initiated.email.facts).toEqual([
      { label: 'Refund', value: '₹1,500' },
      { label: 'To', value: 'Original payment method' },
      { label: 'Expected in', value: '5-7 working days' },
      { label: 'Order', value: 'KS1006' },
    ]);
    expect(processed.email.facts).toContainEqual({ label: 'Expected in', value: '1-3 working days' });
    expect(renderSms(processed.sms.template, processed.sms.vars, ORIGIN)).toBe(
      'Kasrat: Refund of Rs 1,500 for shipment KS1006-1 is processed to your bank account. It shows in 1-3 working days.',
    );
  });

  test('delivered invites a review of the product delivered; payment failed links the retry page', () => {
    const delivered = planMessage(events[7], 'Asha', ORIGIN).email;
    expect(delivered.secondary?.link.href).toBe('https://www.kasrat.in/whey-gold/reviews/pr/7/rate-product');
    expect(planMessage(events[2], 'Asha', ORIGIN).email.action?.href).toBe('https://www.kasrat.in/retry-payment?orderId=KS1003');
  });
});

test('SPEC §4.7: an expired order says payment was not received, links the order, and the SMS says it in one part', () => {
  const expired = events.find((e) => e.kind === 'order_expired');
  if (!expired) throw new Error('the expired-order event is missing from the list');
  const plan = planMessage(expired, 'Asha', ORIGIN);
  expect(plan.email.subject).toBe('Payment not received: order KS1007 is cancelled');
  expect(plan.email.facts).toContainEqual({ label: 'Status', value: 'Payment not received — cancelled' });
  expect(plan.email.action?.href).toBe('https://www.kasrat.in/account/order/order-details/KS1007');
  expect(renderSms(plan.sms.template, plan.sms.vars, ORIGIN)).toBe(
    'Kasrat: Payment of Rs 999 for order KS1007 was not received in time, so it is cancelled. https://www.kasrat.in/account/order',
  );
});

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
