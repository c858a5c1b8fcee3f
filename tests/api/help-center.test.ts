import {
  CustomerOrdersResponse,
  CustomerShipmentsResponse,
  EmailSupportResponse,
  FaqResponse,
  HELP_MESSAGES,
  PhoneSupportResponse,
  ReasonsResponse,
  TicketResponse,
  TicketsResponse,
  UploadResponse,
} from '../../schemas/help-center.ts';
import { MESSAGES } from '../../schemas/validation.ts';
import { CONTACT_MESSAGES } from '../../server/modules/help-center/service.ts';
import { type Agent, describeBackends } from '../helpers/app.ts';
import { ipAgent } from './auth-helpers.ts';
import { createCustomer, signInDirectly } from './cart-fixtures.ts';
import { multipartForm, PNG } from '../helpers/multipart.ts';
import { insertPlacedOrder } from '../helpers/orders.ts';

// SPEC §7 /api/help-center: FAQ search, phone and email support with reasons, the customer's orders and
// shipments, attachments through the uploads module, tickets acknowledged through the outbox; 401 when signed out.
// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field and checked with their schemas.
const json = (res: { json(): unknown }) => res.json() as { status: 0 | 1; message: string; data: any };

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

describeBackends('help centre API', (ctx) => {
  const db = () => ctx().handle.db;
  let n = 0;
  /** A signed-in customer whose email and mobile are proven (acknowledgements go only to those). */
  async function signedIn(): Promise<{ agent: Agent; customerId: number; email: string; mobile: string }> {
    const agent = ipAgent(ctx());
    const customerId = await createCustomer(db());
    n++;
    const email = `asha${n}.${process.pid}@example.com`;
    const mobile = `98${String(process.pid % 1000).padStart(3, '0')}${String(n).padStart(5, '0')}`;
    await db()
      .updateTable('customers')
      .set({ email, email_verified: true, mobile, mobile_verified: true })
      .where('id', '=', customerId)
      .execute();
    await signInDirectly(db(), agent, customerId);
    return { agent, customerId, email, mobile };
  }
  const upload = (agent: Agent, files: Array<{ filename: string; type: string; data: Buffer }>) =>
    agent.request({ method: 'POST', url: '/api/help-center/upload', ...multipartForm(files.map((f) => ({ name: 'file', ...f }))) });
  const reasonId = async (channel: 'phone' | 'email', needsOrder: boolean) =>
    (
      await db()
        .selectFrom('support_reasons')
        .select('id')
        .where('channel', '=', channel)
        .where('needs_order', '=', needsOrder)
        .orderBy('position')
        .executeTakeFirstOrThrow()
    ).id;

  test('faq-data lists every FAQ with its topics, and searches question, answer and topic by every word', async () => {
    const agent = ctx().agent();
    const all = FaqResponse.parse((await agent.get('/api/help-center/faq-data')).json()).data;
    expect(all.faqs).toHaveLength(10);
    expect(all.topics).toEqual(['Orders', 'Payments', 'Returns', 'Authenticity', 'Account']);
    const refund = FaqResponse.parse((await agent.get('/api/help-center/faq-data?q=REFUND')).json()).data.faqs;
    expect(refund.length).toBeGreaterThanOrEqual(2);
    expect(refund.every((f) => /refund/i.test(`${f.question} ${f.answer}`))).toBe(true);
    const both = FaqResponse.parse((await agent.get('/api/help-center/faq-data?q=scratch%20used')).json()).data.faqs;
    expect(both.map((f) => f.question)).toEqual(['My scratch code says it was already used. What should I do?']);
    const topic = FaqResponse.parse((await agent.get('/api/help-center/faq-data?topic=Returns')).json()).data.faqs;
    expect(topic.map((f) => f.topic)).toEqual(['Returns', 'Returns']);
    // LIKE wildcards are text, not patterns.
    expect(FaqResponse.parse((await agent.get('/api/help-center/faq-data?q=%25')).json()).data.faqs).toEqual([]);
    const long = await agent.get(`/api/help-center/faq-data?q=${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(json(long).message).toBe(HELP_MESSAGES.searchMax);
  });

  test('phone and email support answer their contact and reasons, to anyone', async () => {
    const agent = ctx().agent();
    const phone = PhoneSupportResponse.parse((await agent.get('/api/help-center/customer-phone-support')).json()).data;
    expect(phone).toMatchObject({ phone: '+91-11-4000-1234', tel: 'tel:+911140001234' });
    expect(phone.reasons.map((r) => r.label)).toContain('Where is my order?');
    expect(phone.reasons.find((r) => r.label === 'Where is my order?')?.needs_order).toBe(true);
    const email = EmailSupportResponse.parse((await agent.get('/api/help-center/customer-email-support')).json()).data;
    expect(email.email).toBe('care@kasrat.test');
    const reasons = ReasonsResponse.parse((await agent.get('/api/help-center/customer-email-reasons')).json()).data;
    expect(reasons).toHaveLength(6);
    expect(reasons[0]).toMatchObject({ label: 'Order not delivered yet', needs_order: true });
  });

  test('every customer call answers 401 when signed out', async () => {
    const agent = ctx().agent();
    for (const url of ['customer-order-list', 'customer-shipment-list?order_id=1', 'support']) {
      expect((await agent.get(`/api/help-center/${url}`)).statusCode).toBe(401);
    }
    for (const url of ['phone', 'email']) expect((await agent.post(`/api/help-center/${url}`, {})).statusCode).toBe(401);
    expect((await upload(agent, [{ filename: 'a.png', type: 'image/png', data: PNG }])).statusCode).toBe(401);
  });

  test('customer-order-list and customer-shipment-list answer only the customer’s own orders', async () => {
    const { agent, customerId } = await signedIn();
    expect(CustomerOrdersResponse.parse((await agent.get('/api/help-center/customer-order-list')).json()).data).toEqual([]);
    const order = await insertPlacedOrder(db(), customerId, 2);
    const orders = CustomerOrdersResponse.parse((await agent.get('/api/help-center/customer-order-list')).json()).data;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ order_id: order.orderId, order_number: order.orderNumber, status: 'placed', item_count: 3 });
    const shipments = CustomerShipmentsResponse.parse(
      (await agent.get(`/api/help-center/customer-shipment-list?order_id=${order.orderId}`)).json(),
    ).data;
    expect(shipments.map((s) => s.shipment_number)).toEqual(order.shipments.map((s) => s.number));
    expect(shipments[1]?.items[0]?.quantity).toBe(2);

    const other = await signedIn();
    expect(CustomerOrdersResponse.parse((await other.agent.get('/api/help-center/customer-order-list')).json()).data).toEqual([]);
    expect((await other.agent.get(`/api/help-center/customer-shipment-list?order_id=${order.orderId}`)).statusCode).toBe(404);
    const bad = await agent.get('/api/help-center/customer-shipment-list?order_id=abc');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toContain('order_id');
  });

  test('upload keeps images and PDFs by their bytes, refuses anything else and too many files', async () => {
    const { agent, customerId } = await signedIn();
    const res = await upload(agent, [
      { filename: 'photo.gif', type: 'image/gif', data: PNG },
      { filename: 'bill.bin', type: 'application/octet-stream', data: PDF },
    ]);
    expect(res.statusCode).toBe(200);
    const files = UploadResponse.parse(res.json()).data;
    expect(files.map((f) => f.content_type)).toEqual(['image/png', 'application/pdf']);
    const own = await agent.get(files[0]?.url ?? '');
    expect(own.statusCode).toBe(200);
    expect(
      (
        await ctx()
          .agent()
          .get(files[0]?.url ?? '')
      ).statusCode,
    ).toBe(404);
    const row = await db()
      .selectFrom('uploads')
      .select(['purpose', 'customer_id'])
      .where('public_id', '=', files[0]?.public_id ?? '')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ purpose: 'help_attachment', customer_id: customerId });

    const html = await upload(agent, [{ filename: 'x.png', type: 'image/png', data: HTML }]);
    expect(html.statusCode).toBe(400);
    expect(json(html).message).toBe('This file type is not accepted. Please upload JPEG, PNG, WEBP, PDF files.');
    const many = await upload(
      agent,
      Array.from({ length: 4 }, (_, i) => ({ filename: `${i}.png`, type: 'image/png', data: PNG })),
    );
    expect(many.statusCode).toBe(400);
    expect(json(many).message).toBe('Please upload at most 3 files.');
    const big = await upload(agent, [
      { filename: 'big.png', type: 'image/png', data: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]) },
    ]);
    expect(big.statusCode).toBe(413);
    const none = await agent.post('/api/help-center/upload', { file: 'x' });
    expect(none.statusCode).toBe(400);
  });

  test('email opens a ticket with the order, shipment and attachments, and queues its acknowledgement', async () => {
    const { agent, customerId, email } = await signedIn();
    const order = await insertPlacedOrder(db(), customerId, 2);
    const [file] = UploadResponse.parse((await upload(agent, [{ filename: 'p.png', type: 'image/png', data: PNG }])).json()).data;
    const reason_id = await reasonId('email', true);
    const res = await agent.post('/api/help-center/email', {
      reason_id,
      order_id: order.orderId,
      shipment_id: order.shipments[1]?.id,
      email: ` ${email.replace('asha', 'Asha').toUpperCase()} `,
      message: 'The seal of the tub was broken (photo attached).\nPlease help.',
      attachments: [file?.public_id],
    });
    expect(res.statusCode).toBe(200);
    const ticket = TicketResponse.parse(res.json());
    expect(ticket.data).toMatchObject({
      channel: 'email',
      reason: 'Order not delivered yet',
      order_number: order.orderNumber,
      shipment_number: order.shipments[1]?.number,
      contact: email,
      attachments: [file?.url],
    });
    expect(ticket.data.reference).toMatch(/^KSP-[0-9A-F]{8}$/);
    expect(ticket.message).toContain(ticket.data.reference);
    const row = await db()
      .selectFrom('support_tickets')
      .selectAll()
      .where('reference', '=', ticket.data.reference)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ customer_id: customerId, channel: 'email', order_id: order.orderId, shipment_id: order.shipments[1]?.id });
    expect(row.attachments).toEqual([file?.public_id]);
    const mail = await db()
      .selectFrom('outbox')
      .select(['channel', 'subject', 'body'])
      .where('recipient', '=', email)
      .executeTakeFirstOrThrow();
    expect(mail.channel).toBe('email');
    expect(mail.subject).toContain(ticket.data.reference);
    expect(mail.body).toContain(order.orderNumber);

    const tickets = TicketsResponse.parse((await agent.get('/api/help-center/support')).json()).data;
    expect(tickets.map((t) => t.reference)).toEqual([ticket.data.reference]);
  });

  test('phone opens a call-back ticket acknowledged by SMS; a reason without an order needs none', async () => {
    const { agent, mobile } = await signedIn();
    const res = await agent.post('/api/help-center/phone', {
      reason_id: await reasonId('phone', false),
      mobile,
      message: 'Money was deducted twice for one order.',
    });
    expect(res.statusCode).toBe(200);
    const ticket = TicketResponse.parse(res.json()).data;
    expect(ticket).toMatchObject({ channel: 'phone', contact: mobile, order_number: null });
    const sms = await db().selectFrom('outbox').select(['channel', 'body']).where('recipient', '=', mobile).executeTakeFirstOrThrow();
    expect(sms.channel).toBe('sms');
    expect(sms.body).toContain(ticket.reference);
  });

  test('tickets refuse bad input with clear messages and store nothing', async () => {
    const { agent, customerId, email } = await signedIn();
    const order = await insertPlacedOrder(db(), customerId, 1);
    const otherOrder = await insertPlacedOrder(db(), await createCustomer(db()), 1);
    const [otherFile] = UploadResponse.parse(
      (await upload((await signedIn()).agent, [{ filename: 'p.png', type: 'image/png', data: PNG }])).json(),
    ).data;
    const good = { reason_id: await reasonId('email', false), email, message: 'Please help me with my account.' };
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ message: '' }, 400, HELP_MESSAGES.messageEmpty],
      [{ message: 'short' }, 400, HELP_MESSAGES.messageMin],
      [{ message: 'x'.repeat(1001) }, 400, HELP_MESSAGES.messageMax],
      [{ message: 'Please help <script>alert(1)</script>' }, 400, HELP_MESSAGES.messagePattern],
      [{ email: 'asha@' }, 400, MESSAGES.email],
      [{ reason_id: undefined }, 400, HELP_MESSAGES.reason],
      [{ reason_id: 99999 }, 400, HELP_MESSAGES.reason],
      [{ reason_id: await reasonId('phone', false) }, 400, HELP_MESSAGES.reason],
      [{ reason_id: await reasonId('email', true) }, 400, HELP_MESSAGES.order],
      [{ order_id: otherOrder.orderId }, 404, 'Order not found.'],
      [{ order_id: order.orderId, shipment_id: otherOrder.shipments[0]?.id }, 404, 'Shipment not found.'],
      [{ attachments: [otherFile?.public_id] }, 404, 'File not found.'],
      [{ attachments: ['../../etc/passwd'] }, 400, `attachments.0: ${HELP_MESSAGES.attachment}`],
    ];
    for (const [patch, status, message] of cases) {
      const res = await agent.post('/api/help-center/email', { ...good, ...patch });
      expect([res.statusCode, json(res).message]).toEqual([status, message]);
    }
    const phone = await agent.post('/api/help-center/phone', { ...good, reason_id: await reasonId('phone', false), mobile: '12345' });
    expect([phone.statusCode, json(phone).message]).toEqual([400, MESSAGES.mobile]);
    const count = await db()
      .selectFrom('support_tickets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  test("no relay: acknowledgements go only to the customer's own verified contacts, within per-account limits", async () => {
    const { agent, customerId, email, mobile } = await signedIn();
    const reason_id = await reasonId('email', false);
    const text = 'Visit https evil example com for your prize now.';
    const stranger = await agent.post('/api/help-center/email', { reason_id, email: 'victim@example.org', message: text });
    expect([stranger.statusCode, json(stranger).message]).toEqual([400, CONTACT_MESSAGES.email]);
    const call = await agent.post('/api/help-center/phone', {
      reason_id: await reasonId('phone', false),
      mobile: '9000000009',
      message: text,
    });
    expect([call.statusCode, json(call).message]).toEqual([400, CONTACT_MESSAGES.mobile]);
    // An email on the account but not proven is no one's yet.
    await db().updateTable('customers').set({ email_verified: false }).where('id', '=', customerId).execute();
    expect((await agent.post('/api/help-center/email', { reason_id, email, message: text })).statusCode).toBe(400);
    await db().updateTable('customers').set({ email_verified: true }).where('id', '=', customerId).execute();
    const sent = await db()
      .selectFrom('outbox')
      .select('id')
      .where('recipient', 'in', ['victim@example.org', '9000000009', email])
      .execute();
    expect(sent).toEqual([]);
    // Per account: 5 an hour, over both channels.
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(
        (i % 2
          ? await agent.post('/api/help-center/phone', { reason_id: await reasonId('phone', false), mobile, message: text })
          : await agent.post('/api/help-center/email', { reason_id, email, message: text })
        ).statusCode,
      );
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
