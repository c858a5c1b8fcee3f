import { getShortestPaths, getSimplePaths } from '@xstate/graph';
import { createActor } from 'xstate';
import type { CatalogueEvent, EventItem } from '../events/index.ts';
import { setStrictValidation } from '../events/index.ts';
import { createHarness, freebie, item } from '../tests/helpers/provider-harness.ts';
import type { ConversionEvent } from '../schemas/events.ts';
import { checkoutFunnelMachine, type FunnelEvent } from './checkout-funnel.ts';

const items: EventItem[] = [item(), freebie()];
const modelEvents: FunnelEvent[] = [
  { type: 'VIEW_CART', items, value: 299900 },
  { type: 'VIEW_CART', items: [], value: 0 },
  { type: 'BEGIN_CHECKOUT' },
  { type: 'VIEW_ORDER_CONFIRMATION' },
  { type: 'VIEW_PAYMENT' },
  { type: 'SELECT_PAYMENT', payment_method: 1 },
  { type: 'PLACE_ORDER', order_id: 'KS-5001' },
  { type: 'PAYMENT_SUCCESS' },
  { type: 'PAYMENT_FAILED', reason: 'declined' },
  { type: 'RETRY' },
  { type: 'BACK_TO_CART' },
];

const STEP: Partial<Record<CatalogueEvent['name'], number>> = {
  view_cart: 1,
  begin_checkout: 2,
  checkout_initiated: 3,
  payment_initiated: 4,
  add_payment_info: 5,
};

function run(events: FunnelEvent[]) {
  const reported: CatalogueEvent[] = [];
  const actor = createActor(
    checkoutFunnelMachine.provide({
      actions: { report: (_: unknown, e: CatalogueEvent) => void reported.push(e) },
    }),
  ).start();
  for (const e of events) actor.send(e);
  return { reported, snapshot: actor.getSnapshot() };
}

describe('checkout funnel machine (model-based)', () => {
  const paths = getSimplePaths(checkoutFunnelMachine, { events: modelEvents, toState: (s) => s.status === 'done' });
  const shortest = getShortestPaths(checkoutFunnelMachine, { events: modelEvents });

  test('the model reaches every state', () => {
    const reached = new Set(shortest.map((p) => JSON.stringify(p.state.value)));
    for (const s of [
      'idle',
      'emptyCart',
      'cart',
      'checkout',
      'orderConfirmation',
      'payment',
      'paymentInfo',
      'awaitingPayment',
      'failed',
      'purchased',
    ])
      expect(reached).toContain(JSON.stringify(s));
  });

  for (const path of shortest) {
    test(`reaches ${JSON.stringify(path.state.value)} via ${path.steps.map((s) => s.event.type).join(' > ') || 'start'}`, () => {
      const events = path.steps.map((s) => s.event as FunnelEvent).filter((e) => !e.type.startsWith('xstate.'));
      const { snapshot } = run(events);
      expect(snapshot.value).toEqual(path.state.value);
    });
  }

  test('on every path to a purchase, each funnel step is reported only after the step before it', () => {
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      const { reported } = run(path.steps.map((s) => s.event as FunnelEvent).filter((e) => !e.type.startsWith('xstate.')));
      let highest = 0;
      for (const e of reported) {
        const step = STEP[e.name];
        if (!step) continue;
        expect(step).toBeLessThanOrEqual(highest + 1);
        highest = Math.max(highest, step);
      }
      expect(reported.at(-1)).toMatchObject({ name: 'purchase', order_id: 'KS-5001' });
    }
  });
});

describe('checkout funnel rules', () => {
  test('an empty cart enters no funnel and reports nothing', () => {
    const { reported, snapshot } = run([{ type: 'VIEW_CART', items: [freebie()], value: 0 }, { type: 'BEGIN_CHECKOUT' }]);
    expect(snapshot.value).toBe('emptyCart');
    expect(reported).toEqual([]);
  });

  test('the happy path reports steps 1–5, order placed and purchase with the order id and payment code', () => {
    const { reported } = run([
      { type: 'VIEW_CART', items, value: 299900, coupon_code: 'FIT10' },
      { type: 'BEGIN_CHECKOUT' },
      { type: 'VIEW_ORDER_CONFIRMATION' },
      { type: 'VIEW_PAYMENT' },
      { type: 'SELECT_PAYMENT', payment_method: 2 },
      { type: 'PLACE_ORDER', order_id: 'KS-9' },
      { type: 'PAYMENT_SUCCESS' },
    ]);
    expect(reported.map((e) => e.name)).toEqual([
      'view_cart',
      'begin_checkout',
      'checkout_initiated',
      'payment_initiated',
      'add_payment_info',
      'order_placed',
      'purchase',
    ]);
    expect(reported[4]).toMatchObject({ payment_method: 2 });
    expect(reported.at(-1)).toMatchObject({ order_id: 'KS-9', payment_method: 2, coupon_code: 'FIT10', path: 'direct' });
  });

  test('a failed payment reports payment_failed; the retry re-enters payment with flow otherwise', () => {
    const actor = createActor(checkoutFunnelMachine.provide({ actions: { report: () => {} } })).start();
    for (const e of [
      { type: 'VIEW_CART', items, value: 1 },
      { type: 'BEGIN_CHECKOUT' },
      { type: 'VIEW_ORDER_CONFIRMATION' },
      { type: 'VIEW_PAYMENT' },
    ] as FunnelEvent[])
      actor.send(e);
    expect(actor.getSnapshot().context.flow).toBe('direct');
    actor.send({ type: 'SELECT_PAYMENT', payment_method: 1 });
    actor.send({ type: 'PLACE_ORDER', order_id: 'KS-10' });
    actor.send({ type: 'PAYMENT_FAILED' });
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().value).toBe('payment');
    expect(actor.getSnapshot().context.flow).toBe('otherwise');
  });

  test('steps cannot be skipped: payment view before order confirmation is ignored', () => {
    const { reported, snapshot } = run([
      { type: 'VIEW_CART', items, value: 1 },
      { type: 'VIEW_PAYMENT' },
      { type: 'SELECT_PAYMENT', payment_method: 1 },
    ]);
    expect(snapshot.value).toBe('cart');
    expect(reported.map((e) => e.name)).toEqual(['view_cart']);
  });

  test('through the real bus and pipeline the server-side feed gets steps 1–5 in order, without the freebie', () => {
    setStrictValidation(true);
    const h = createHarness();
    const actor = createActor(checkoutFunnelMachine).start();
    for (const e of [
      { type: 'VIEW_CART', items, value: 299900 },
      { type: 'BEGIN_CHECKOUT' },
      { type: 'VIEW_ORDER_CONFIRMATION' },
      { type: 'VIEW_PAYMENT' },
      { type: 'SELECT_PAYMENT', payment_method: 1 },
      { type: 'PLACE_ORDER', order_id: 'KS-11' },
      { type: 'PAYMENT_SUCCESS' },
    ] as FunnelEvent[])
      actor.send(e);
    const feed = h.sent<ConversionEvent>('server_conversions');
    expect(feed.map((f) => f.event_name)).toEqual([
      'ViewCart',
      'InitiateCheckout',
      'OrderConfirmation',
      'PaymentInitiated',
      'AddPaymentInfo',
      'Purchase',
    ]);
    expect(feed.map((f) => f.custom_data.funnel_step)).toEqual([1, 2, 3, 4, 5, undefined]);
    expect(feed.every((f) => !f.custom_data.content_ids.includes('FREE-SHAKER-01'))).toBe(true);
    expect(feed.at(-1)?.event_id).toBe('KS-11');
    h.stop();
  });
});
