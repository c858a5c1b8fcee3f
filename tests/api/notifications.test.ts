import { OrderSuccessData } from '../../schemas/order.ts';
import { TransactionData } from '../../schemas/payment.ts';
import type { Db } from '../../server/db/database.ts';
import { cancelOrderShipment } from '../../server/flows/index.ts';
import type { ClaimedMessage } from '../../server/messaging/outbox.ts';
import { smtpTransport } from '../../server/messaging/transports.ts';
import { OutboxWorker } from '../../server/messaging/worker.ts';
import { notifyOrderPlaced, notifyShipment } from '../../server/modules/notifications/index.ts';
import { opsMove, processRefund } from '../../server/flows/index.ts';
import type { RefundAdapters } from '../../server/modules/orders/index.ts';
import { readPaymentConfig, signSandboxCallback } from '../../server/payments/index.ts';
import { describeBackends } from '../helpers/app.ts';
import { createOrder, OPS_TOKEN_FOR_TESTS, orderableVariants, setShipmentStatus } from '../helpers/orders.ts';
import { type LocalSmtp, startSmtp } from '../helpers/smtp.ts';
import { createShoppers, json, pincode, placeOrderFor, signIn, variantIn } from './checkout-fixtures.ts';

// Transactional messages end to end (docs/decisions/022-transactional-messages.md): the flows queue them in their
// transactions, the outbox worker hands them to nodemailer, and a real SMTP server on loopback receives them; each
// is read back as the shopper's mail client would, headers and MIME parts included. SMS go to a recording
// transport. The app's own worker is off: these tests run the worker themselves, against the local server.
process.env.OUTBOX_WORKER = 'off';
process.env.OPS_TOKEN = OPS_TOKEN_FOR_TESTS;

const FROM = 'Kasrat <orders@kasrat.test>';
const PHONE_BASE = 7_000_000_000 + (process.pid % 100_000) * 10_000;

describeBackends('transactional messages', (ctx) => {
  const db = (): Db => ctx().handle.db;
  let smtp: LocalSmtp;
  const sms: ClaimedMessage[] = [];
  let phones = 0;

  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  /** Runs one outbox worker pass: email over SMTP to the local server, SMS recorded. */
  const deliver = async () =>
    new OutboxWorker({
      db: db(),
      transports: {
        email: smtpTransport(smtp.url, FROM),
        sms: { name: 'recording', send: async (m) => void sms.push(m) },
      },
    }).runOnce();

  const smsTo = (mobile: string) => sms.filter((m) => m.recipient === mobile).map((m) => m.body);

  /** A signed-in shopper with an email and a mobile, and an unpaid order of one unit. */
  const shopperWithOrder = async () => {
    const v = await variantIn(db(), 60_000, 200_000);
    const [s] = await createShoppers(db(), 1, [{ variant_id: v.id, quantity: 1 }], await pincode(db(), 'cod'));
    const mobile = String(PHONE_BASE + phones++);
    // Newsletter consent withheld: service messages are sent all the same (they carry no marketing).
    await db().updateTable('customers').set({ mobile, first_name: 'Asha', opt_in: false }).where('id', '=', s.customerId).execute();
    const agent = signIn(ctx().agent(), s);
    const { body } = await placeOrderFor(agent);
    const email = (await db().selectFrom('customers').select('email').where('id', '=', s.customerId).executeTakeFirstOrThrow())
      .email as string;
    return { s, agent, mobile, email, orderId: body.data.order_id as string };
  };

  test('pay on delivery: the success page promises a confirmation to an address, and that address receives it', async () => {
    const { agent, mobile, orderId } = await shopperWithOrder();
    expect((await agent.post('/api/payment/pay-on-delivery', { order_id: orderId })).statusCode).toBe(200);
    const success = OrderSuccessData.parse(json(await agent.get(`/api/order-success/order-success-data?orderId=${orderId}`)).data);
    const promisedTo = success.order.customer_email as string;
    expect(promisedTo).toMatch(/@kasrat\.test$/);

    await deliver();
    const [mail, ...more] = smtp.to(promisedTo);
    expect(more).toHaveLength(0);
    const m = mail.parsed;
    expect(mail.envelope.to).toEqual([promisedTo]);
    expect(m.from?.value).toEqual([{ name: 'Kasrat', address: 'orders@kasrat.test' }]);
    expect(m.to && !Array.isArray(m.to) ? m.to.text : '').toBe(promisedTo);
    expect(m.subject).toBe(`Your Kasrat order ${orderId} is placed`);
    expect(m.messageId).toMatch(/^<kasrat-outbox-\d+@kasrat\.test>$/);
    // Two parts of one message: multipart/alternative with the plain text first and the HTML second.
    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative;/i);
    const types = [...mail.raw.matchAll(/Content-Type: (text\/(?:plain|html))/gi)].map((x) => x[1].toLowerCase());
    expect(types).toEqual(['text/plain', 'text/html']);
    const amount = `₹${(await orderTotal(db(), orderId)).toLocaleString('en-IN')}`;
    expect(m.text).toContain('Hi Asha,');
    expect(m.text).toContain(`Please keep ${amount} ready to pay when it is delivered.`);
    expect(m.text).toContain(`View your order: http://localhost:3000/account/order/order-details/${orderId}`);
    expect(m.html).toContain('<html');
    expect(m.html).toContain(`href="http://localhost:3000/account/order/order-details/${orderId}"`);
    expect(m.html).toContain('To pay on delivery');
    expect(m.html).toContain(amount);

    const [text] = smsTo(mobile);
    expect(text).toBe(
      `Kasrat: Order ${orderId} is placed. Please pay Rs ${amount.slice(1)} on delivery. Details: http://localhost:3000/account/order/order-details/${orderId}`,
    );
    expect(text.length).toBeLessThanOrEqual(160);
  });

  test('the same event reported twice queues one message per channel, and the shopper receives one', async () => {
    const { agent, email, mobile, orderId } = await shopperWithOrder();
    await agent.post('/api/payment/pay-on-delivery', { order_id: orderId });
    // Asked again (a double tap), and the event reported again directly, concurrently.
    await agent.post('/api/payment/pay-on-delivery', { order_id: orderId });
    const order = await db().selectFrom('orders').select('id').where('order_number', '=', orderId).executeTakeFirstOrThrow();
    const again = await Promise.all([notifyOrderPlaced(db(), order.id), notifyOrderPlaced(db(), order.id)]);
    expect(again).toEqual([0, 0]);
    const rows = await db()
      .selectFrom('outbox')
      .select(['channel', 'dedup_key'])
      .where('dedup_key', 'like', `order:${orderId}:%`)
      .execute();
    expect(rows.map((r) => r.dedup_key).sort()).toEqual([`order:${orderId}:order_placed:email`, `order:${orderId}:order_placed:sms`]);
    await deliver();
    await deliver();
    expect(smtp.to(email)).toHaveLength(1);
    expect(smsTo(mobile)).toHaveLength(1);
  });

  test('a failed payment sends the retry link; the payment that follows sends the prepaid confirmation', async () => {
    const { agent, email, mobile, orderId } = await shopperWithOrder();
    const initiate = () =>
      agent.post('/api/payment/initate-transaction', { order_id: orderId, payment_method: 1, instrument: { upi_app: 'BHIM' } });
    const page = async () => (await agent.get(TransactionData.parse(json(await initiate()).data).redirect.url)).body;
    const fields = (html: string, status: string) => {
      const form = html.split('<form').find((f) => f.includes(`value="${status}"`)) ?? '';
      return Object.fromEntries([...form.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    };
    const callback = (f: Record<string, string>) =>
      agent.request({
        method: 'POST',
        url: '/api/payment/sandbox/callback',
        payload: new URLSearchParams(f).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const failed = fields(await page(), 'failed');
    await callback(failed);
    await callback(failed);
    await deliver();
    const [failure, ...others] = smtp.to(email);
    expect(others).toHaveLength(0);
    expect(failure.parsed.subject).toBe(`Payment for order ${orderId} did not go through`);
    expect(failure.parsed.text).toContain(`Pay again: http://localhost:3000/retry-payment?orderId=${orderId}`);
    expect(failure.parsed.html).toContain(`href="http://localhost:3000/retry-payment?orderId=${orderId}"`);
    expect(smsTo(mobile)[0]).toContain(`Pay again: http://localhost:3000/retry-payment?orderId=${orderId}`);

    const f = fields(await page(), 'failed');
    const paid = signSandboxCallback(
      readPaymentConfig().SANDBOX_GATEWAY_SECRET,
      { ref: f.ref, amount: Number(f.amount), instrument: 'upi:asha@okaxis' },
      'success',
    );
    expect((await callback(paid)).statusCode).toBe(303);
    await deliver();
    const placed = smtp.to(email).map((x) => x.parsed.subject);
    expect(placed).toEqual([`Payment for order ${orderId} did not go through`, `Your Kasrat order ${orderId} is placed`]);
    expect(smtp.to(email)[1].parsed.text).toContain('and your payment of ₹');
    expect(smsTo(mobile)[1]).toMatch(new RegExp(`^Kasrat: Thank you! Order ${orderId} of Rs [\\d,]+ is placed\\.`));
  });

  test('a shipment’s way: shipped with AWB and tracking link, out for delivery, delivered with the review invitation', async () => {
    const { customerId, email, mobile } = await customer();
    const [v] = await orderableVariants(db());
    const order = await createOrder(db(), { customerId, paymentMethod: 1, shipments: [{ lines: [{ variantId: v.id, quantity: 1 }] }] });
    const shipment = order.shipments[0].shipmentNumber;
    await opsMove(db(), shipment, 'pack');
    await opsMove(db(), shipment, 'ship', { awb: 'AWB123456789' });
    // The courier's last leg, told by operations over HTTP: the status stays shipped.
    const outForDelivery = () =>
      ctx().app.inject({
        method: 'POST',
        url: `/api/ops/shipments/${shipment}/out-for-delivery`,
        headers: { authorization: `Bearer ${OPS_TOKEN_FOR_TESTS}` },
        payload: {},
      });
    const out = await outForDelivery();
    expect(out.statusCode).toBe(200);
    expect(json(out).data.status).toBe('shipped');
    await expect(notifyShipment(db(), shipment, 'out_for_delivery')).resolves.toBe(0);
    await opsMove(db(), shipment, 'deliver');
    const late = await outForDelivery();
    expect(late.statusCode).toBe(409);
    expect(json(late).message).toMatch(/delivered shipment cannot go out for delivery/);
    await deliver();

    const mails = smtp.to(email).map((x) => x.parsed);
    expect(mails.map((x) => x.subject)).toEqual([
      `Shipment ${shipment} is on its way`,
      `Shipment ${shipment} is out for delivery`,
      `Shipment ${shipment} is delivered`,
    ]);
    const track = `http://localhost:3000/account/order/shipment-details/${shipment}`;
    expect(mails[0].text).toContain('Courier AWB: AWB123456789');
    expect(mails[0].html).toContain(`href="${track}"`);
    expect(mails[1].text).toContain(`Track your shipment: ${track}`);
    const product = await db()
      .selectFrom('order_items as i')
      .innerJoin('products as p', 'p.id', 'i.product_id')
      .select(['p.id', 'p.slug'])
      .where('i.shipment_id', '=', order.shipments[0].id)
      .executeTakeFirstOrThrow();
    expect(mails[2].html).toContain(`href="http://localhost:3000/${product.slug}/reviews/pr/${product.id}/rate-product"`);
    expect(mails[2].text).toContain('Write a review: ');
    const texts = smsTo(mobile);
    expect(texts).toEqual([
      `Kasrat: Shipment ${shipment} is on its way, AWB AWB123456789. Track: ${track}`,
      `Kasrat: Shipment ${shipment} is out for delivery today. Track: ${track}`,
      `Kasrat: Shipment ${shipment} is delivered. Thank you! Returns and reviews: http://localhost:3000/account/order/order-delivered/${shipment}`,
    ]);
    for (const t of texts) expect(t.length).toBeLessThanOrEqual(160);
  });

  test('a return picked up, then its refund initiated and processed, each with amount, method and expected days', async () => {
    const { customerId, email } = await customer();
    const [v] = await orderableVariants(db());
    const order = await createOrder(db(), { customerId, paymentMethod: 1, shipments: [{ lines: [{ variantId: v.id, quantity: 1 }] }] });
    const { id: shipmentId, shipmentNumber: shipment } = order.shipments[0];
    await setShipmentStatus(db(), shipmentId, 'delivered');
    const ret = await db()
      .insertInto('returns')
      .values({
        shipment_id: shipmentId,
        customer_id: customerId,
        reason_code: 'other',
        comment: null,
        pickup_address: JSON.stringify({}),
        refund_method: 'original',
        bank_account_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const item = await db().selectFrom('order_items').select('id').where('shipment_id', '=', shipmentId).executeTakeFirstOrThrow();
    await db().insertInto('return_items').values({ return_id: ret.id, order_item_id: item.id, quantity: 1 }).execute();
    await setShipmentStatus(db(), shipmentId, 'return_requested');
    await opsMove(db(), shipment, 'pickup-return');
    const received = await opsMove(db(), shipment, 'receive-return');
    const refund = await db()
      .selectFrom('refunds')
      .select(['id', 'amount'])
      .where('id', '=', received.refundIds[0])
      .executeTakeFirstOrThrow();
    const gateway: RefundAdapters = {
      gatewayFor: () => ({ refund: async () => ({ refundId: 'rf_1', status: 'success' }) }),
      payouts: { payout: async () => ({ refundId: 'po_1', status: 'processed' }) },
    };
    expect(await processRefund(db(), refund.id, gateway)).toBe('processed');
    expect(await processRefund(db(), refund.id, gateway)).toBe('done');
    await deliver();

    const mails = smtp.to(email).map((x) => x.parsed);
    const rupees = `₹${(refund.amount / 100).toLocaleString('en-IN')}`;
    expect(mails.map((x) => x.subject)).toEqual([
      `We picked up your return of shipment ${shipment}`,
      `Your refund of ${rupees} is on its way`,
      `Your refund of ${rupees} is processed`,
    ]);
    for (const x of mails.slice(1)) {
      expect(x.text).toContain(`Refund: ${rupees}`);
      expect(x.text).toContain('To: Original payment method');
      expect(x.text).toContain('Expected in: 5-7 working days');
    }
  });

  test('a cancellation says what was cancelled; its refund follows in its own message', async () => {
    const { customerId, email, mobile } = await customer();
    const [v] = await orderableVariants(db());
    const order = await createOrder(db(), { customerId, paymentMethod: 1, shipments: [{ lines: [{ variantId: v.id, quantity: 2 }] }] });
    const shipment = order.shipments[0].shipmentNumber;
    const item = await db()
      .selectFrom('order_items')
      .select('id')
      .where('shipment_id', '=', order.shipments[0].id)
      .executeTakeFirstOrThrow();
    await cancelOrderShipment(db(), customerId, { shipmentId: shipment, reason_id: 'other', comment: null }, [
      { order_item_id: item.id, quantity: 1 },
    ]);
    await cancelOrderShipment(db(), customerId, { shipmentId: shipment, reason_id: 'other', comment: null }, null);
    await deliver();
    const subjects = smtp.to(email).map((x) => x.parsed.subject);
    // Two cancellations of one shipment are two events: each is told once, each refund once.
    expect(subjects.filter((x) => x === `Items of shipment ${shipment} are cancelled`)).toHaveLength(1);
    expect(subjects.filter((x) => x === `Shipment ${shipment} is cancelled`)).toHaveLength(1);
    expect(subjects.filter((x) => x?.endsWith('is on its way') && x.startsWith('Your refund'))).toHaveLength(2);
    expect(smsTo(mobile).filter((t) => t.startsWith(`Kasrat: Items of shipment ${shipment} are cancelled`))).toHaveLength(2);
  });

  const customer = async () => {
    const mobile = String(PHONE_BASE + phones++);
    const email = `msg-${mobile}@kasrat.test`;
    const row = await db().insertInto('customers').values({ first_name: 'Ravi', email, mobile }).returning('id').executeTakeFirstOrThrow();
    return { customerId: row.id, email, mobile };
  };
});

async function orderTotal(db: Db, orderNumber: string): Promise<number> {
  const o = await db.selectFrom('orders').select('total').where('order_number', '=', orderNumber).executeTakeFirstOrThrow();
  return o.total / 100;
}
