import { startFakeGateways } from '../../tests/helpers/fake-gateways.ts';
import { readPaymentConfig } from './config.ts';
import type { GatewayPayment } from './gateway.ts';
import { createJuspayGateway } from './juspay.ts';

// A card bank offer is judged on the card's own prefix (SPEC §6 bank offers). A payment with a card from Juspay's
// locker is made with its token, and the order status a webhook is confirmed by may then carry no card_isin; the
// locker's list cards answer names the card's card_isin by its card_reference
// (https://juspay.io/api-reference-eu/docs/express-checkout/list-stored-cards), the reference the session put
// in udf1. The fake answers both as documented (tests/helpers/fake-gateways.ts).

const fake = await startFakeGateways();
afterAll(() => fake.close());

test('a saved-card payment confirmed by webhook takes its card prefix from the locker, routed by the customer', async () => {
  const gateway = createJuspayGateway(readPaymentConfig(fake.env('juspay')));
  const customer = { id: 901, email: null, mobile: null };
  const base: Omit<GatewayPayment, 'ref'> = { orderId: 'K901', amount: 250_000, method: 2, instrument: null, customer };
  const first: GatewayPayment = { ...base, ref: `JSPCARD${Date.now()}a` };
  await gateway.initiate(first, { origin: 'https://kasrat.test' });
  fake.juspay.transact(first.ref, 'CHARGED', {
    mode: 'CC',
    bin: '485446',
    bank: 'HDFC Bank',
    save: { brand: 'VISA', last4: '4242', month: '12', year: '2030' },
  });
  const [saved] = (await gateway.savedCards?.list?.(customer)) ?? [];
  expect(saved?.last4).toBe('4242');

  const second: GatewayPayment = { ...base, ref: `JSPCARD${Date.now()}b`, savedCardToken: saved?.token };
  await gateway.initiate(second, { origin: 'https://kasrat.test' });
  fake.juspay.transact(second.ref, 'CHARGED', { mode: 'CC', bank: 'HDFC Bank', lockerCard: saved?.token as string });
  const before = fake.calls.length;
  const check = await gateway.verifyWebhook?.(fake.juspay.webhook(second.ref));
  expect(check).toMatchObject({ ok: true, callback: { status: 'success', instrument: { type: 'card', card_bin: '485446' } } });
  const made = fake.calls.slice(before);
  expect(made.map((c) => c.path)).toEqual([`/orders/${second.ref}`, `/customers/cust_${customer.id}/cards`]);
  for (const c of made) expect(c.headers['x-routing-id']).toBe(`cust_${customer.id}`);
});
