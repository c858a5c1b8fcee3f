import { createActor, fromPromise } from 'xstate';
import type { CatalogueEvent } from '../events/index.ts';
import { CatalogueEvent as EventSchema, setStrictValidation } from '../events/index.ts';
import { createHarness } from '../tests/helpers/provider-harness.ts';
import type { ConversionEvent } from '../schemas/events.ts';
import {
  ANSWERS,
  CART_ITEMS,
  paymentStateOf,
  CHANGED_MESSAGE,
  describePath,
  ERRORS,
  funnelPaths,
  isServiceStep,
  ORDER_ID,
  servicesForPath,
} from '../tests/helpers/checkout-model.ts';
import { checkoutFunnelMachine, type CheckoutServices, type FunnelEvent, PENDING_POLL_MS } from './checkout-funnel.ts';

const STEP: Partial<Record<CatalogueEvent['name'], number>> = {
  view_cart: 1,
  begin_checkout: 2,
  checkout_initiated: 3,
  payment_initiated: 4,
  add_payment_info: 5,
};

const actorsFor = (services: CheckoutServices) =>
  Object.fromEntries(
    Object.entries(services).map(([k, fn]) => [k, fromPromise(({ input }) => (fn as (i: unknown) => Promise<unknown>)(input))]),
  );

function start(services: Partial<CheckoutServices>, leave = vi.fn()) {
  const reported: CatalogueEvent[] = [];
  const all = { ...servicesForPath([]).services, ...services };
  const actor = createActor(
    checkoutFunnelMachine.provide({
      actors: actorsFor(all) as never,
      actions: { report: (_, e) => void (e && reported.push(e)), leaveForGateway: (_, r) => leave(r) },
    }),
  ).start();
  return { actor, reported, leave };
}
const settle = () => new Promise((r) => setTimeout(r, 0));
const send = async (actor: ReturnType<typeof start>['actor'], ...events: FunnelEvent[]) => {
  for (const e of events) {
    actor.send(e);
    await settle();
  }
};
const ok =
  <T>(v: T) =>
  () =>
    Promise.resolve(v);
const happy: Partial<CheckoutServices> = {
  loadAddresses: ok(ANSWERS.addresses),
  deliverHere: ok(ANSWERS.deliverHere),
  loadOrderDetails: ok(ANSWERS.details),
  placeOrder: ok(ANSWERS.placed),
  loadPaymentMethods: ok(ANSWERS.methods),
  startTransaction: ok(ANSWERS.transaction),
  payOnDelivery: ok(ANSWERS.paid),
  loadOrderSuccess: ok(ANSWERS.success),
  loadPaymentFailure: ok(ANSWERS.failure),
  verifyTransaction: ok(ANSWERS.paid),
};
const VIEW: FunnelEvent = { type: 'VIEW_CART', items: CART_ITEMS, value: 279_900, quote: 'q', coupon_code: 'FIT10' };

describe('checkout funnel machine: every shortest path', () => {
  const paths = funnelPaths();
  test('the model reaches every state of the funnel', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const s of [
      'idle',
      'emptyCart',
      'cart',
      'cartChanged',
      { checkout: 'choosing' },
      { checkout: 'adding' },
      { checkout: 'delivering' },
      { orderConfirmation: 'ready' },
      { orderConfirmation: 'placing' },
      { payment: 'choosing' },
      { payment: { paying: 'online' } },
      { payment: { paying: 'onDelivery' } },
      'redirecting',
      { pending: 'waiting' },
      'confirming',
      'purchased',
      { failed: 'shown' },
      'recovering',
      'recoverFailed',
      'closed',
    ])
      expect(reached).toContain(JSON.stringify(s));
  });
  for (const path of paths) {
    test(`${describePath(path.steps as never) || '(start)'} → ${JSON.stringify(path.state.value)}`, async () => {
      const { services, unanswered } = servicesForPath(path.steps as never);
      const { actor, reported } = start(services);
      for (const { event } of path.steps)
        if (!event.type.startsWith('xstate.')) await send(actor, event as FunnelEvent);
        else if (isServiceStep(event.type)) await settle();
      await settle();
      expect(actor.getSnapshot().value).toEqual(path.state.value);
      expect(unanswered()).toBe(0);
      // Every report is a valid catalogue event; steps 1–3 never skip ahead, step 5 always follows step 4, and
      // the payment view (4) follows order confirmation (3) unless it is the retry of a failed payment.
      let highest = 0;
      // A payment page opened from a link, a new tab or a return from the gateway (SPEC §4.7) is a payment view too.
      const retried = path.steps.some((st) => st.event.type === 'RETRY' || st.event.type === 'OPEN_PAYMENT');
      for (const e of reported) {
        expect(EventSchema.safeParse(e).success, JSON.stringify(e)).toBe(true);
        const step = STEP[e.name];
        if (step === undefined) continue;
        if (step === 4 && !retried) expect(highest).toBeGreaterThanOrEqual(3);
        if (step !== 4) expect(step).toBeLessThanOrEqual(highest + 1);
        highest = step === 4 ? 4 : Math.max(highest, step);
      }
    });
  }
});

describe('checkout funnel rules', () => {
  test('the direct path reports steps 1–5, the order placed and the purchase with the order id as event id', async () => {
    const { actor, reported, leave } = start(happy);
    await send(actor, VIEW, { type: 'BEGIN_CHECKOUT' }, { type: 'DELIVER_HERE' }, { type: 'PLACE_ORDER' });
    await send(actor, { type: 'SELECT_METHOD', payment_method: 1, option: 'PhonePe' }, { type: 'PAY' });
    expect(actor.getSnapshot().value).toBe('redirecting');
    expect(leave).toHaveBeenCalledWith(ANSWERS.transaction.redirect);
    await send(actor, { type: 'CONFIRM_ORDER', order_id: ORDER_ID });
    expect(reported.map((e) => e.name)).toEqual([
      'view_cart',
      'begin_checkout',
      'add_shipping_info',
      'checkout_initiated',
      'order_placed',
      'payment_initiated',
      'payment_option_selected',
      'payment_instrument_selected',
      'add_payment_info',
      'purchase',
    ]);
    expect(reported.find((e) => e.name === 'payment_option_selected')).toEqual({
      name: 'payment_option_selected',
      group: 'upi',
      path: 'direct',
    });
    expect(reported.find((e) => e.name === 'payment_instrument_selected')).toEqual({
      name: 'payment_instrument_selected',
      instrument: 'upi_app',
      option: 'PhonePe',
      path: 'direct',
    });
    expect(reported.find((e) => e.name === 'order_placed')).toMatchObject({ order_id: ORDER_ID, value: 279_900 });
    expect(reported.find((e) => e.name === 'add_payment_info')).toMatchObject({ payment_method: 1, group: 'upi', order_id: ORDER_ID });
    expect(reported.at(-1)).toMatchObject({ name: 'purchase', order_id: ORDER_ID, value: 279_900, payment_method: 1, path: 'direct' });
  });

  test('an empty cart enters no funnel and reports nothing', async () => {
    const { actor, reported } = start(happy);
    await send(actor, { type: 'VIEW_CART', items: [CART_ITEMS[1]], value: 0, quote: null }, { type: 'BEGIN_CHECKOUT' });
    expect(actor.getSnapshot().value).toBe('emptyCart');
    expect(reported).toEqual([]);
  });

  test('SPEC §8: a 409 from order details leaves the funnel for the cart with the server message', async () => {
    const { actor } = start({ ...happy, loadOrderDetails: () => Promise.reject(ERRORS.cartChanged) });
    await send(actor, VIEW, { type: 'BEGIN_CHECKOUT' }, { type: 'DELIVER_HERE' });
    expect(actor.getSnapshot().value).toBe('cartChanged');
    expect(actor.getSnapshot().context.error).toBe(CHANGED_MESSAGE);
  });

  test('a double click on Place order places one order with one idempotency key', async () => {
    const placeOrder = vi.fn(() => new Promise<typeof ANSWERS.placed>((r) => setTimeout(() => r(ANSWERS.placed), 5)));
    const { actor } = start({ ...happy, placeOrder });
    await send(actor, VIEW, { type: 'BEGIN_CHECKOUT' }, { type: 'DELIVER_HERE' });
    actor.send({ type: 'PLACE_ORDER' });
    actor.send({ type: 'PLACE_ORDER' });
    await new Promise((r) => setTimeout(r, 20));
    expect(placeOrder).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches('payment')).toBe(true);
  });

  test('a failed place-order keeps the key, so trying again answers the same order', async () => {
    const placeOrder = vi.fn().mockRejectedValueOnce(ERRORS.network).mockResolvedValueOnce(ANSWERS.placed);
    const { actor } = start({ ...happy, placeOrder });
    await send(actor, VIEW, { type: 'BEGIN_CHECKOUT' }, { type: 'DELIVER_HERE' }, { type: 'PLACE_ORDER' });
    expect(actor.getSnapshot().context.error).toBe(ERRORS.network.message);
    await send(actor, { type: 'PLACE_ORDER' });
    const keys = placeOrder.mock.calls.map((c) => (c[0] as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  test('an address we cannot deliver to cannot be delivered to', async () => {
    const deliverHere = vi.fn(ok(ANSWERS.deliverHere));
    const { actor } = start({ ...happy, deliverHere });
    await send(actor, VIEW, { type: 'BEGIN_CHECKOUT' }, { type: 'SELECT_ADDRESS', address_id: 12 }, { type: 'DELIVER_HERE' });
    expect(actor.getSnapshot().value).toEqual({ checkout: 'choosing' });
    expect(deliverHere).not.toHaveBeenCalled();
  });

  test('a failure, then retry: flow otherwise, retry-payment on the same order, purchase reported on the retry path', async () => {
    const startTransaction = vi.fn<CheckoutServices['startTransaction']>(ok(ANSWERS.transaction));
    const { actor, reported } = start({ ...happy, startTransaction });
    await send(actor, VIEW, { type: 'BEGIN_CHECKOUT' }, { type: 'DELIVER_HERE' }, { type: 'PLACE_ORDER' });
    await send(actor, { type: 'SELECT_METHOD', payment_method: 2 }, { type: 'PAY' }, { type: 'PAYMENT_FAILED', order_id: ORDER_ID });
    expect(reported.at(-1)).toMatchObject({ name: 'payment_failed', order_id: ORDER_ID, path: 'direct', reason: 'Declined by the bank' });
    await send(actor, { type: 'RETRY' });
    expect(actor.getSnapshot().context.flow).toBe('otherwise');
    await send(actor, { type: 'SELECT_METHOD', payment_method: 1 }, { type: 'PAY' });
    expect(startTransaction.mock.calls.map((c) => c[0].retry)).toEqual([false, true]);
    expect(startTransaction.mock.calls[1][0].order_id).toBe(ORDER_ID);
    await send(actor, { type: 'CONFIRM_ORDER', order_id: ORDER_ID });
    expect(reported.at(-1)).toMatchObject({ name: 'purchase', order_id: ORDER_ID, path: 'retry' });
    expect(reported.filter((e) => e.name === 'order_placed')).toHaveLength(1);
  });

  test('SPEC §4 payment events: the stored card chosen pays with it; card, bank, wallet and UPI app on the retry path', async () => {
    const startTransaction = vi.fn<CheckoutServices['startTransaction']>(ok(ANSWERS.transaction));
    const { actor, reported } = start({ ...happy, startTransaction });
    await send(actor, VIEW, { type: 'BEGIN_CHECKOUT' }, { type: 'DELIVER_HERE' }, { type: 'PLACE_ORDER' });
    const from = reported.length;
    await send(actor, { type: 'SELECT_SAVED_CARD', card_id: 41, network: 'RuPay' }, { type: 'PAY' });
    expect(reported.slice(from, from + 2)).toEqual([
      { name: 'payment_option_selected', group: 'card', path: 'direct' },
      { name: 'payment_instrument_selected', instrument: 'stored_card', option: 'RuPay', path: 'direct' },
    ]);
    expect(startTransaction.mock.calls[0]?.[0]).toMatchObject({ payment_method: 2, saved_card_id: 41, retry: false });
    await send(actor, { type: 'PAYMENT_FAILED', order_id: ORDER_ID }, { type: 'RETRY' });

    const retry = reported.length;
    await send(
      actor,
      { type: 'SELECT_NEW_CARD' },
      { type: 'SELECT_METHOD', payment_method: 3 },
      { type: 'SELECT_METHOD', payment_method: 3, option: 'HDFC Bank' },
      { type: 'SELECT_METHOD', payment_method: 6, option: 'Paytm' },
      { type: 'SELECT_METHOD', payment_method: 1, option: 'Google Pay' },
    );
    expect(reported.slice(retry)).toEqual([
      { name: 'payment_option_selected', group: 'card', path: 'retry' },
      { name: 'payment_instrument_selected', instrument: 'card', path: 'retry' },
      { name: 'payment_option_selected', group: 'netbanking', path: 'retry' },
      { name: 'payment_instrument_selected', instrument: 'bank', option: 'HDFC Bank', path: 'retry' },
      { name: 'payment_option_selected', group: 'wallet', path: 'retry' },
      { name: 'payment_instrument_selected', instrument: 'wallet', option: 'Paytm', path: 'retry' },
      { name: 'payment_option_selected', group: 'upi', path: 'retry' },
      { name: 'payment_instrument_selected', instrument: 'upi_app', option: 'Google Pay', path: 'retry' },
    ]);
    for (const e of reported) expect(EventSchema.safeParse(e).success, JSON.stringify(e)).toBe(true);
    // A saved card chosen before another method does not travel with it.
    await send(actor, { type: 'PAY' });
    expect(startTransaction.mock.calls[1]?.[0]).toMatchObject({ payment_method: 1, retry: true });
    expect(startTransaction.mock.calls[1]?.[0]).not.toHaveProperty('saved_card_id');
  });

  test('SPEC §4 gateway path: a pending payment the gateway settles later reports the purchase on the gateway path', async () => {
    const verifyTransaction = vi.fn().mockResolvedValueOnce(ANSWERS.stillPending).mockResolvedValueOnce(ANSWERS.paid);
    const { actor, reported } = start({ ...happy, verifyTransaction });
    await send(actor, VIEW, { type: 'BEGIN_CHECKOUT' }, { type: 'DELIVER_HERE' }, { type: 'PLACE_ORDER' });
    await send(actor, { type: 'SELECT_METHOD', payment_method: 1 }, { type: 'PAY' });
    vi.useFakeTimers();
    try {
      actor.send({ type: 'PAYMENT_PENDING', order_id: ORDER_ID });
      await vi.advanceTimersByTimeAsync(PENDING_POLL_MS + 10);
      await vi.advanceTimersByTimeAsync(1);
      expect(actor.getSnapshot().value).toBe('purchased');
      expect(reported.at(-1)).toMatchObject({ name: 'purchase', order_id: ORDER_ID, path: 'gateway' });
    } finally {
      vi.useRealTimers();
    }
  });

  test('SPEC §4 gateway path: a pending payment the gateway fails later reports payment failed on the gateway path', async () => {
    const verifyTransaction = vi.fn().mockResolvedValue(ANSWERS.declined);
    const { actor, reported } = start({ ...happy, verifyTransaction });
    await send(actor, VIEW, { type: 'BEGIN_CHECKOUT' }, { type: 'DELIVER_HERE' }, { type: 'PLACE_ORDER' });
    await send(actor, { type: 'SELECT_METHOD', payment_method: 1 }, { type: 'PAY' }, { type: 'PAYMENT_PENDING', order_id: ORDER_ID });
    await settle();
    expect(reported.at(-1)).toMatchObject({ name: 'payment_failed', order_id: ORDER_ID, path: 'gateway' });
  });

  test('pay on delivery places the order without a gateway and reports the purchase', async () => {
    const { actor, reported, leave } = start(happy);
    await send(actor, VIEW, { type: 'BEGIN_CHECKOUT' }, { type: 'DELIVER_HERE' }, { type: 'PLACE_ORDER' });
    await send(actor, { type: 'SELECT_METHOD', payment_method: 4 }, { type: 'PAY' });
    expect(leave).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe('purchased');
    expect(reported.find((e) => e.name === 'add_payment_info')).toMatchObject({ payment_method: 4, group: 'cod' });
    expect(reported.at(-1)).toMatchObject({ name: 'purchase', order_id: ORDER_ID });
  });

  test('an unavailable method cannot be chosen', async () => {
    const methods = {
      ...ANSWERS.methods,
      methods: ANSWERS.methods.methods.map((m) => (m.code === 4 ? { ...m, available: false, reason: 'No' } : m)),
    };
    const { actor } = start({ ...happy, loadPaymentMethods: ok(methods) });
    await send(
      actor,
      VIEW,
      { type: 'BEGIN_CHECKOUT' },
      { type: 'DELIVER_HERE' },
      { type: 'PLACE_ORDER' },
      { type: 'SELECT_METHOD', payment_method: 4 },
    );
    expect(actor.getSnapshot().context.paymentMethod).toBeUndefined();
  });

  test('an outcome page opened later (not this funnel’s payment) shows the order and reports nothing', async () => {
    const { actor, reported } = start(happy);
    await send(actor, { type: 'CONFIRM_ORDER', order_id: ORDER_ID });
    expect(actor.getSnapshot().value).toBe('purchased');
    await send(actor, { type: 'PAYMENT_FAILED', order_id: ORDER_ID });
    expect(reported).toEqual([]);
  });

  test('the success page shown again (reload) reports the purchase once', async () => {
    const { actor, reported } = start(happy);
    await send(actor, VIEW, { type: 'BEGIN_CHECKOUT' }, { type: 'DELIVER_HERE' }, { type: 'PLACE_ORDER' });
    await send(actor, { type: 'SELECT_METHOD', payment_method: 1 }, { type: 'PAY' });
    await send(actor, { type: 'CONFIRM_ORDER', order_id: ORDER_ID }, { type: 'CONFIRM_ORDER', order_id: ORDER_ID });
    expect(reported.filter((e) => e.name === 'purchase')).toHaveLength(1);
  });

  test('a pending payment is checked again until the gateway decides', async () => {
    vi.useFakeTimers();
    const verifyTransaction = vi.fn().mockResolvedValueOnce(ANSWERS.stillPending).mockResolvedValueOnce(ANSWERS.paid);
    const { actor } = start({ ...happy, verifyTransaction });
    actor.send({ type: 'PAYMENT_PENDING', order_id: ORDER_ID });
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toEqual({ pending: 'waiting' });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(verifyTransaction).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().value).toBe('purchased');
    vi.useRealTimers();
  });

  test('through the real bus and pipeline the server feed gets steps 1–5 in order, without the free gift, purchase id = order id', async () => {
    setStrictValidation(true);
    const h = createHarness();
    const actor = createActor(
      checkoutFunnelMachine.provide({
        actors: actorsFor({ ...servicesForPath([]).services, ...happy }) as never,
        actions: { leaveForGateway: () => {} },
      }),
    ).start();
    await send(actor, VIEW, { type: 'BEGIN_CHECKOUT' }, { type: 'DELIVER_HERE' }, { type: 'PLACE_ORDER' });
    await send(actor, { type: 'SELECT_METHOD', payment_method: 1 }, { type: 'PAY' }, { type: 'CONFIRM_ORDER', order_id: ORDER_ID });
    const feed = h.sent<ConversionEvent>('server_conversions');
    expect(feed.filter((f) => f.custom_data.funnel_step).map((f) => f.custom_data.funnel_step)).toEqual([1, 2, 3, 4, 5]);
    expect(feed.every((f) => !f.custom_data.content_ids.includes('FREE-SHAKER-01'))).toBe(true);
    expect(feed.at(-1)).toMatchObject({ event_name: 'Purchase', event_id: ORDER_ID });
    h.stop();
  });
});

// SPEC §4.7: the payment page never waits for a result that is not coming; the server says which order is being
// paid and where it stands.
describe('checkout funnel: back, reload and new tabs', () => {
  const toGateway = async (services: Partial<CheckoutServices>) => {
    const started = start(services);
    await send(started.actor, VIEW, { type: 'BEGIN_CHECKOUT' }, { type: 'DELIVER_HERE' }, { type: 'PLACE_ORDER' });
    await send(started.actor, { type: 'SELECT_METHOD', payment_method: 1, option: 'PhonePe' }, { type: 'PAY' });
    expect(started.actor.getSnapshot().value).toBe('redirecting');
    return started;
  };

  test('Back from the gateway: the server says the order still waits, so the methods come back and Pay starts again', async () => {
    const loadPaymentState = vi.fn(ok(ANSWERS.awaiting));
    const startTransaction = vi.fn(ok(ANSWERS.transaction));
    const { actor, leave } = await toGateway({ ...happy, loadPaymentState, startTransaction });
    await send(actor, { type: 'OPEN_PAYMENT', order_id: ORDER_ID });
    expect(loadPaymentState).toHaveBeenCalledWith({ orderId: ORDER_ID });
    const s = actor.getSnapshot();
    expect(s.value).toEqual({ payment: 'choosing' });
    expect(s.hasTag('busy')).toBe(false);
    // The same order keeps the shopper's choice and its direct flow; the server's word is kept for the page.
    expect(s.context).toMatchObject({ orderId: ORDER_ID, flow: 'direct', paymentMethod: 1, transaction: null });
    expect(s.context.paymentState?.state).toBe('awaiting_payment');
    await send(actor, { type: 'SELECT_METHOD', payment_method: 2 }, { type: 'PAY' });
    expect(startTransaction).toHaveBeenLastCalledWith(expect.objectContaining({ order_id: ORDER_ID, payment_method: 2, retry: false }));
    expect(leave).toHaveBeenCalledTimes(2);
  });

  test('Back without an order id in the address asks about the order the tab sent to the gateway', async () => {
    const loadPaymentState = vi.fn(ok(ANSWERS.awaiting));
    const { actor } = await toGateway({ ...happy, loadPaymentState });
    await send(actor, { type: 'OPEN_PAYMENT' });
    expect(loadPaymentState).toHaveBeenCalledWith({ orderId: ORDER_ID });
  });

  test('a new tab (no funnel) with an order that had a failed attempt pays it through retry-payment', async () => {
    const startTransaction = vi.fn(ok(ANSWERS.transaction));
    const { actor, reported } = start({ ...happy, loadPaymentState: ok(ANSWERS.awaiting), startTransaction });
    await send(actor, { type: 'OPEN_PAYMENT', order_id: ORDER_ID });
    expect(actor.getSnapshot().context).toMatchObject({ orderId: ORDER_ID, flow: 'otherwise', value: 279_900 });
    await send(actor, { type: 'SELECT_METHOD', payment_method: 1 }, { type: 'PAY' });
    expect(startTransaction).toHaveBeenCalledWith(expect.objectContaining({ order_id: ORDER_ID, retry: true }));
    expect(reported.find((e) => e.name === 'payment_initiated')).toMatchObject({ order_id: ORDER_ID });
  });

  test('an order never tried (Pay now from My Orders) is a first payment, not a retry', async () => {
    const startTransaction = vi.fn(ok(ANSWERS.transaction));
    const { actor } = start({ ...happy, loadPaymentState: ok(ANSWERS.neverTried), startTransaction });
    await send(actor, { type: 'OPEN_PAYMENT', order_id: ORDER_ID }, { type: 'SELECT_METHOD', payment_method: 1 }, { type: 'PAY' });
    expect(startTransaction).toHaveBeenCalledWith(expect.objectContaining({ retry: false }));
  });

  test('the page opened for the order being paid asks nothing', async () => {
    const loadPaymentState = vi.fn(ok(ANSWERS.awaiting));
    const { actor } = start({ ...happy, loadPaymentState });
    await send(actor, VIEW, { type: 'BEGIN_CHECKOUT' }, { type: 'DELIVER_HERE' }, { type: 'PLACE_ORDER' });
    await send(actor, { type: 'OPEN_PAYMENT', order_id: ORDER_ID }, { type: 'OPEN_PAYMENT' });
    expect(loadPaymentState).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toEqual({ payment: 'choosing' });
    // Another order's page does ask.
    await send(actor, { type: 'OPEN_PAYMENT', order_id: 'KS100002' });
    expect(loadPaymentState).toHaveBeenCalledWith({ orderId: 'KS100002' });
  });

  test('paid while the shopper was away: the success page, and the purchase reported once on the gateway path', async () => {
    const { actor, reported } = await toGateway({ ...happy, loadPaymentState: ok(ANSWERS.alreadyPaid) });
    await send(actor, { type: 'OPEN_PAYMENT', order_id: ORDER_ID });
    expect(actor.getSnapshot().value).toBe('purchased');
    expect(reported.filter((e) => e.name === 'purchase')).toEqual([expect.objectContaining({ order_id: ORDER_ID, path: 'gateway' })]);
  });

  test('a payment the gateway is still deciding goes to the pending checks, not to a second payment', async () => {
    const startTransaction = vi.fn(ok(ANSWERS.transaction));
    const { actor } = await toGateway({
      ...happy,
      loadPaymentState: ok(ANSWERS.gatewayDeciding),
      startTransaction,
      verifyTransaction: ok(ANSWERS.paid),
    });
    await send(actor, { type: 'OPEN_PAYMENT', order_id: ORDER_ID });
    expect(actor.getSnapshot().value).toBe('purchased');
    expect(startTransaction).toHaveBeenCalledTimes(1);
  });

  test.each([
    ['expired', ANSWERS.expired, null],
    ['cancelled', paymentStateOf('cancelled'), null],
    ['none waiting', null, null],
    ['not this customer’s', 'notFound', /could not find order KS100001 in your account/],
  ] as const)('%s: closed with the reason, nothing to pay', async (_name, answer, message) => {
    const loadPaymentState = answer === 'notFound' ? () => Promise.reject(ERRORS.notFound) : ok(answer);
    const { actor } = start({ ...happy, loadPaymentState });
    await send(actor, { type: 'OPEN_PAYMENT', order_id: ORDER_ID }, { type: 'PAY' }, { type: 'SELECT_METHOD', payment_method: 1 });
    const s = actor.getSnapshot();
    expect(s.value).toBe('closed');
    expect(s.context.paymentState).toEqual(answer === 'notFound' ? null : answer);
    if (message) expect(s.context.error).toMatch(message);
  });

  test('a look-up that fails can be tried again', async () => {
    const loadPaymentState = vi.fn().mockRejectedValueOnce(ERRORS.network).mockResolvedValueOnce(ANSWERS.awaiting);
    const { actor } = start({ ...happy, loadPaymentState });
    await send(actor, { type: 'OPEN_PAYMENT', order_id: ORDER_ID });
    expect(actor.getSnapshot().value).toBe('recoverFailed');
    expect(actor.getSnapshot().context.error).toBe(ERRORS.network.message);
    await send(actor, { type: 'RELOAD' });
    expect(actor.getSnapshot().value).toEqual({ payment: 'choosing' });
  });
});
