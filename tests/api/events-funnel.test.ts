import { randomUUID } from 'node:crypto';
import type { ConversionEvent, ConversionEventName } from '../../schemas/events.ts';
import { describeBackends } from '../helpers/app.ts';

// The funnel report is staff only: every call carries the operations token.
process.env.OPS_TOKEN = 'funnel-suite-operations-token-0123456789';
const OPS_HEADERS = { authorization: `Bearer ${process.env.OPS_TOKEN}` };

const STEP: Record<ConversionEventName, number | undefined> = {
  ViewCart: 1,
  InitiateCheckout: 2,
  OrderConfirmation: 3,
  PaymentInitiated: 4,
  AddPaymentInfo: 5,
  Purchase: undefined,
};

const base = Math.floor(Date.now() / 1000) - 3600;
const event = (session: string, name: ConversionEventName, offsetS: number): ConversionEvent => ({
  event_name: name,
  event_time: base + offsetS,
  event_id: randomUUID(),
  action_source: 'website',
  session_id: session,
  user_data: {},
  custom_data: {
    currency: 'INR',
    value: 1000,
    contents: [],
    content_type: 'product',
    num_items: 0,
    content_ids: [],
    evt_src: 'web',
    ...(STEP[name] ? { funnel_step: STEP[name] } : {}),
  },
});

describeBackends('funnel report', (ctx) => {
  beforeAll(async () => {
    const events = [
      // A: the whole funnel in order. (A Purchase is accepted only for a stored order of the session's customer:
      // tests/api/payment.test.ts; none exists here, so none is counted.)
      ...(['ViewCart', 'InitiateCheckout', 'OrderConfirmation', 'PaymentInitiated', 'AddPaymentInfo'] as const).map((n, i) =>
        event('session-aaaaaaaa', n, i * 10),
      ),
      // B: cart view and begin checkout, twice each (counted once per session).
      event('session-bbbbbbbb', 'ViewCart', 0),
      event('session-bbbbbbbb', 'InitiateCheckout', 5),
      event('session-bbbbbbbb', 'ViewCart', 8),
      event('session-bbbbbbbb', 'InitiateCheckout', 9),
      // C: order confirmation without begin checkout (skipped step).
      event('session-cccccccc', 'OrderConfirmation', 0),
      event('session-cccccccc', 'ViewCart', 20),
      // D: begin checkout before its first cart view (out of order).
      event('session-dddddddd', 'InitiateCheckout', 0),
      event('session-dddddddd', 'ViewCart', 30),
    ];
    const res = await ctx().app.inject({ method: 'POST', url: '/api/events/conversions', payload: { data: events } });
    expect(res.json().data.accepted).toBe(events.length);
  });

  test('step counts are per session, each step only after the step before it', async () => {
    const res = await ctx().app.inject({ method: 'GET', headers: OPS_HEADERS, url: '/api/analytics/funnel' });
    expect(res.statusCode).toBe(200);
    const { steps, purchases, out_of_order_sessions } = res.json().data;
    expect(steps.map((s: { sessions: number }) => s.sessions)).toEqual([4, 2, 1, 1, 1]);
    expect(steps.map((s: { sessions_any_order: number }) => s.sessions_any_order)).toEqual([4, 3, 2, 1, 1]);
    expect(steps.map((s: { events: number }) => s.events)).toEqual([5, 4, 2, 1, 1]);
    expect(purchases).toEqual({ sessions: 0, events: 0 });
    expect(out_of_order_sessions).toBe(2);
  });

  test('step-to-step conversion is sessions over the previous step, null for step 1', async () => {
    const res = await ctx().app.inject({ method: 'GET', headers: OPS_HEADERS, url: '/api/analytics/funnel' });
    const steps = res.json().data.steps;
    expect(steps.map((s: { conversion_from_previous: number | null }) => s.conversion_from_previous)).toEqual([null, 0.5, 0.5, 1, 1]);
    expect(steps.map((s: { event_name: string }) => s.event_name)).toEqual([
      'ViewCart',
      'InitiateCheckout',
      'OrderConfirmation',
      'PaymentInitiated',
      'AddPaymentInfo',
    ]);
  });

  test('from/to bound the report by India day; a range without events gives zeros', async () => {
    const res = await ctx().app.inject({ method: 'GET', headers: OPS_HEADERS, url: '/api/analytics/funnel?from=2020-01-01&to=2020-01-31' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.from).toBe('2020-01-01');
    expect(data.to).toBe('2020-01-31');
    expect(
      data.steps.every(
        (s: { sessions: number; conversion_from_previous: number | null }) => s.sessions === 0 && s.conversion_from_previous === null,
      ),
    ).toBe(true);
  });

  test.each([
    ['from=2024-13-01', /from/],
    ['to=yesterday', /to/],
    ['to=2024-02-30', /to: must be a real date/],
    ['from=2024-02-10&to=2024-02-01', /from must not be after to/],
  ])('bad query %s is a 400', async (query, message) => {
    const res = await ctx().app.inject({ method: 'GET', headers: OPS_HEADERS, url: `/api/analytics/funnel?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });
});
