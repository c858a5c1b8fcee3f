import {
  GRIEVANCE_MESSAGES,
  GrievanceOfficerResponse,
  GrievanceResponse,
  GrievancesResponse,
  OpsGrievanceResponse,
  OpsGrievancesResponse,
} from '../../schemas/grievances.ts';
import { FaqResponse } from '../../schemas/help-center.ts';
import { GRIEVANCE_LIMIT_PER_HOUR } from '../../server/modules/grievances/service.ts';
import { type Agent, describeBackends } from '../helpers/app.ts';
import { insertPlacedOrder } from '../helpers/orders.ts';
import { ipAgent } from './auth-helpers.ts';
import { createCustomer, signInDirectly } from './cart-fixtures.ts';
import { signedInStaff } from './staff-fixtures.ts';

// Grievance redressal (docs/grievance-redressal.md; Consumer Protection (E-Commerce) Rules, 2020, rule 4(4)-(5)):
// the officer from configuration, a complaint acknowledged at once with its ticket and clocks, sent by message;
// the console's list for the support role, its acknowledgement and its answer, audited and sent to the shopper.
// Help-centre search by whole words, with its synonyms.

process.env.OUTBOX_WORKER = 'off';

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field and checked with their schemas.
const json = (res: { json(): unknown }) => res.json() as { status: 0 | 1; message: string; data: any };
const HOUR = 3_600_000;
const MESSAGE = 'The whey I received has a broken seal and the scratch code does not verify.';

describeBackends('grievance redressal API', (ctx) => {
  const db = () => ctx().handle.db;
  let n = 0;
  async function shopper(): Promise<{ agent: Agent; customerId: number; email: string; mobile: string }> {
    const agent = ipAgent(ctx());
    const customerId = await createCustomer(db());
    n++;
    const email = `griev${n}.${process.pid}@example.com`;
    const mobile = `97${String(process.pid % 1000).padStart(3, '0')}${String(n).padStart(5, '0')}`;
    await db().updateTable('customers').set({ email, mobile, first_name: 'Asha' }).where('id', '=', customerId).execute();
    await signInDirectly(db(), agent, customerId);
    return { agent, customerId, email, mobile };
  }

  test('the grievance officer is named with designation, email, phone and address, to anyone', async () => {
    const res = await ctx().agent().get('/api/help-center/grievance-officer');
    expect(res.statusCode).toBe(200);
    const officer = GrievanceOfficerResponse.parse(res.json()).data;
    expect(officer).toMatchObject({
      name: 'Meera Iyer',
      designation: 'Grievance Officer',
      email: 'grievance@kasrat.test',
      phone: '+91 11 4000 1299',
      tel: 'tel:+911140001299',
      acknowledge_within_hours: 48,
      resolve_within: 'one month',
    });
    expect(officer.address).toContain('New Delhi');
  });

  test('a complaint about an order is stored, acknowledged at once with its ticket and clocks, by email and SMS', async () => {
    const { agent, customerId, email, mobile } = await shopper();
    const order = await insertPlacedOrder(db(), customerId, 1);
    const before = Date.now();
    const res = await agent.post('/api/help-center/grievances', { category: 'product', order_number: order.orderNumber, message: MESSAGE });
    expect(res.statusCode).toBe(200);
    const g = GrievanceResponse.parse(res.json()).data;
    expect(g.reference).toMatch(/^KSG-[0-9A-F]{8}$/);
    expect(json(res).message).toBe(`Your complaint is registered. Your ticket number is ${g.reference}.`);
    expect(g).toMatchObject({ status: 'open', order_number: order.orderNumber, message: MESSAGE, answer: null, acknowledged_at: null });
    const received = Date.parse(g.created_at);
    expect(received).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(g.acknowledge_by) - received).toBe(48 * HOUR);
    // One calendar month: 28 to 31 days.
    const month = Date.parse(g.resolve_by) - received;
    expect(month).toBeGreaterThanOrEqual(28 * 24 * HOUR);
    expect(month).toBeLessThanOrEqual(31 * 24 * HOUR);

    const row = await db().selectFrom('grievances').selectAll().where('reference', '=', g.reference).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ customer_id: customerId, order_id: order.orderId, category: 'product', status: 'open' });

    const mail = await db().selectFrom('outbox').select(['subject', 'body']).where('recipient', '=', email).executeTakeFirstOrThrow();
    expect(mail.subject).toBe(`We received your complaint ${g.reference}`);
    expect(mail.body).toContain(order.orderNumber);
    expect(mail.body).toContain('Product quality or authenticity');
    expect(mail.body).toMatch(/acknowledge it by .+ at the latest, and resolve it by/);
    const sms = await db().selectFrom('outbox').select(['channel', 'body']).where('recipient', '=', mobile).executeTakeFirstOrThrow();
    expect(sms.channel).toBe('sms');
    expect(sms.body).toContain(`Complaint ${g.reference} received`);
    expect(sms.body.length).toBeLessThanOrEqual(160);

    const mine = GrievancesResponse.parse((await agent.get('/api/help-center/grievances')).json()).data;
    expect(mine.map((x) => [x.reference, x.status])).toEqual([[g.reference, 'open']]);
  });

  test('a complaint without an order is accepted', async () => {
    const { agent } = await shopper();
    const res = await agent.post('/api/help-center/grievances', { category: 'service', order_number: '', message: MESSAGE });
    expect(res.statusCode).toBe(200);
    expect(GrievanceResponse.parse(res.json()).data.order_number).toBeNull();
  });

  test("a shopper cannot complain about another's order: 404, and nothing is stored or sent", async () => {
    const owner = await shopper();
    const order = await insertPlacedOrder(db(), owner.customerId, 1);
    const other = await shopper();
    const res = await other.agent.post('/api/help-center/grievances', {
      category: 'delivery',
      order_number: order.orderNumber,
      message: MESSAGE,
    });
    expect(res.statusCode).toBe(404);
    expect(json(res).message).toBe('Order not found.');
    expect(await db().selectFrom('grievances').select('id').where('customer_id', '=', other.customerId).execute()).toEqual([]);
    expect(await db().selectFrom('outbox').select('id').where('recipient', '=', other.email).execute()).toEqual([]);
  });

  test('bad input is a 400 with a clear message; signed out is 401; both store nothing', async () => {
    const { agent, customerId } = await shopper();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ category: 'nonsense', message: MESSAGE }, GRIEVANCE_MESSAGES.category],
      [{ category: 'other', message: '' }, GRIEVANCE_MESSAGES.messageEmpty],
      [{ category: 'other', message: 'Too short.' }, GRIEVANCE_MESSAGES.messageMin],
      [{ category: 'other', message: 'x'.repeat(2001) }, GRIEVANCE_MESSAGES.messageMax],
      [{ category: 'other', message: `${MESSAGE} <script>` }, GRIEVANCE_MESSAGES.messagePattern],
      [{ category: 'other', order_number: 'KS1; DROP', message: MESSAGE }, GRIEVANCE_MESSAGES.order],
      [{ category: 'other', order_number: 42, message: MESSAGE }, GRIEVANCE_MESSAGES.order],
    ];
    for (const [body, message] of cases) {
      const res = await agent.post('/api/help-center/grievances', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res).message).toBe(message);
    }
    const guest = await ctx().agent().post('/api/help-center/grievances', { category: 'other', message: MESSAGE });
    expect(guest.statusCode).toBe(401);
    expect((await ctx().agent().get('/api/help-center/grievances')).statusCode).toBe(401);
    expect(await db().selectFrom('grievances').select('id').where('customer_id', '=', customerId).execute()).toEqual([]);
  });

  test(`at most ${GRIEVANCE_LIMIT_PER_HOUR} complaints an hour per account`, async () => {
    const { agent } = await shopper();
    for (let i = 0; i < GRIEVANCE_LIMIT_PER_HOUR; i++)
      expect((await agent.post('/api/help-center/grievances', { category: 'other', message: MESSAGE })).statusCode).toBe(200);
    const over = await agent.post('/api/help-center/grievances', { category: 'other', message: MESSAGE });
    expect(over.statusCode).toBe(429);
    expect(json(over).message).toBe(GRIEVANCE_MESSAGES.tooMany);
  });

  test('the console list is for support (and the owner): others 403, guests 401', async () => {
    const support = await signedInStaff(ctx(), 'support');
    expect((await support.agent.get('/api/ops/grievances')).statusCode).toBe(200);
    const owner = await signedInStaff(ctx(), 'owner');
    expect((await owner.agent.get('/api/ops/grievances')).statusCode).toBe(200);
    for (const role of ['catalogue', 'fulfilment', 'marketing'] as const) {
      const staff = await signedInStaff(ctx(), role);
      expect((await staff.agent.get('/api/ops/grievances')).statusCode, role).toBe(403);
      expect((await staff.agent.post('/api/ops/grievances/KSG-00000000/acknowledge', {})).statusCode, role).toBe(403);
      expect((await staff.agent.post('/api/ops/grievances/KSG-00000000/answer', { answer: MESSAGE })).statusCode, role).toBe(403);
    }
    expect((await ctx().agent().get('/api/ops/grievances')).statusCode).toBe(401);
  });

  test('support sees complaints by deadline with overdue ones marked, acknowledges one and answers another; both audited', async () => {
    const { agent, customerId, email, mobile } = await shopper();
    const order = await insertPlacedOrder(db(), customerId, 1);
    const filed = [];
    for (const category of ['delivery', 'refund', 'other'])
      filed.push(
        GrievanceResponse.parse(
          (await agent.post('/api/help-center/grievances', { category, order_number: order.orderNumber, message: MESSAGE })).json(),
        ).data,
      );
    const [late, lateToResolve, fresh] = filed as [(typeof filed)[number], (typeof filed)[number], (typeof filed)[number]];
    // Received 80 hours ago, nobody acknowledged it: its 48 hours ran out 32 hours ago.
    const received = new Date(Date.now() - 80 * HOUR);
    await db()
      .updateTable('grievances')
      .set({ created_at: received, acknowledge_by: new Date(received.getTime() + 48 * HOUR) })
      .where('reference', '=', late.reference)
      .execute();
    // Acknowledged, but its month ran out yesterday.
    await db()
      .updateTable('grievances')
      .set({
        status: 'acknowledged',
        created_at: new Date(Date.now() - 32 * 24 * HOUR),
        acknowledge_by: new Date(Date.now() - 30 * 24 * HOUR),
        acknowledged_at: new Date(Date.now() - 31 * 24 * HOUR),
        resolve_by: new Date(Date.now() - 24 * HOUR),
      })
      .where('reference', '=', lateToResolve.reference)
      .execute();

    const support = await signedInStaff(ctx(), 'support');
    const list = OpsGrievancesResponse.parse((await support.agent.get('/api/ops/grievances')).json()).data;
    const ours = list.filter((g) => g.customer_id === customerId);
    // By the deadline each works to now: the 48 hours over 32 hours ago, the month over 24 hours ago, the new one.
    expect(ours.map((g) => g.reference)).toEqual([late.reference, lateToResolve.reference, fresh.reference]);
    const deadlines = list.map((g) => g.next_deadline as string);
    expect([...deadlines].sort()).toEqual(deadlines);
    expect(ours.map((g) => g.overdue)).toEqual([
      { acknowledge: true, resolve: false },
      { acknowledge: false, resolve: true },
      { acknowledge: false, resolve: false },
    ]);
    expect(ours[2]).toMatchObject({ customer_name: 'Asha', contact: `${email} · ${mobile}`, next_deadline: fresh.acknowledge_by });

    const ack = await support.agent.post(`/api/ops/grievances/${late.reference}/acknowledge`, {});
    expect(ack.statusCode).toBe(200);
    const acked = OpsGrievanceResponse.parse(ack.json()).data;
    expect(acked).toMatchObject({ status: 'acknowledged', next_deadline: late.resolve_by });
    // Acknowledged, its 48-hour clock stops; the late acknowledgement stays on record in its time.
    expect(acked.overdue.acknowledge).toBe(false);
    expect(Date.parse(acked.acknowledged_at as string)).toBeGreaterThan(received.getTime() + 48 * HOUR);

    const tooShort = await support.agent.post(`/api/ops/grievances/${fresh.reference}/answer`, { answer: 'Sorry.' });
    expect(tooShort.statusCode).toBe(400);
    expect(json(tooShort).message).toBe(GRIEVANCE_MESSAGES.answerMin);
    const answerText = 'We are sending a replacement today, and the courier collects the opened pack.';
    const answered = await support.agent.post(`/api/ops/grievances/${fresh.reference}/answer`, { answer: answerText });
    expect(answered.statusCode).toBe(200);
    expect(OpsGrievanceResponse.parse(answered.json()).data).toMatchObject({ status: 'resolved', answer: answerText, next_deadline: null });
    const again = await support.agent.post(`/api/ops/grievances/${fresh.reference}/answer`, { answer: answerText });
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe(GRIEVANCE_MESSAGES.resolved);
    expect((await support.agent.post('/api/ops/grievances/KSG-FFFFFFFF/acknowledge', {})).statusCode).toBe(404);
    expect((await support.agent.post('/api/ops/grievances/not-a-ticket/acknowledge', {})).statusCode).toBe(400);

    // The answer reaches the shopper by email and SMS, and on their list.
    const mail = await db()
      .selectFrom('outbox')
      .select(['body'])
      .where('recipient', '=', email)
      .where('subject', '=', `Your complaint ${fresh.reference} is resolved`)
      .executeTakeFirstOrThrow();
    expect(mail.body).toContain(answerText);
    const sms = await db()
      .selectFrom('outbox')
      .select('body')
      .where('recipient', '=', mobile)
      .where('body', 'like', '%is resolved%')
      .execute();
    expect(sms.map((s) => s.body)).toEqual([expect.stringContaining(`Complaint ${fresh.reference} is resolved`)]);
    const mine = GrievancesResponse.parse((await agent.get('/api/help-center/grievances')).json()).data;
    expect(mine.find((g) => g.reference === fresh.reference)).toMatchObject({ status: 'resolved', answer: answerText });
    const resolvedList = OpsGrievancesResponse.parse((await support.agent.get('/api/ops/grievances?status=resolved')).json()).data;
    expect(resolvedList.map((g) => g.reference)).toContain(fresh.reference);
    expect(OpsGrievancesResponse.parse((await support.agent.get('/api/ops/grievances')).json()).data.map((g) => g.reference)).not.toContain(
      fresh.reference,
    );

    const owner = await signedInStaff(ctx(), 'owner');
    const trail = (await owner.agent.get('/api/ops/audit')).json().data.entries as Array<Record<string, unknown>>;
    // Their sign-in is on record too; the acts on complaints are these two.
    const mineAudit = trail.filter((e) => e.actor === `staff:${support.id}` && String(e.action).startsWith('grievance.'));
    expect(mineAudit.map((e) => [e.action, e.target])).toEqual([
      ['grievance.answer', `grievance:${fresh.reference}`],
      ['grievance.acknowledge', `grievance:${late.reference}`],
    ]);
    const stored = await db().selectFrom('grievances').selectAll().where('reference', '=', fresh.reference).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ resolved_by: support.id, acknowledged_by: support.id });
  });

  test('help-centre search matches whole words: "cod" finds pay on delivery, not the scratch code', async () => {
    const agent = ctx().agent();
    const search = async (q: string) =>
      FaqResponse.parse((await agent.get(`/api/help-center/faq-data?q=${encodeURIComponent(q)}`)).json()).data.faqs.map((f) => f.question);
    const cod = await search('cod');
    expect(cod).toEqual(['Which payment methods do you accept?', 'When will I get my refund?']);
    expect(await search('COD refund')).toEqual(['When will I get my refund?']);
    expect(await search('code')).toEqual([
      'How do I know a product is authentic?',
      'My scratch code says it was already used. What should I do?',
    ]);
    expect(await search('refund')).toEqual(['Money was deducted but my order failed. What now?', 'When will I get my refund?']);
    expect(await search('otp')).toEqual(['How do I reset my password?']);
  });
});
