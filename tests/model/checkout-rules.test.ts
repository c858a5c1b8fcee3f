import { createActor, fromPromise } from 'xstate';
import type { CatalogueEvent } from '../../events/index.ts';
import { checkoutFunnelMachine, type FunnelEvent } from '../../machines/checkout-funnel.ts';
import { ANSWERS, CART_ITEMS, ERRORS, ORDER_ID, servicesForPath } from '../helpers/checkout-model.ts';

// The checkout funnel's transitions, written by hand from the rules rather than generated from the machine:
// SPEC §4.4 (cart view 1 → begin checkout 2 → order confirmation 3 → payment view 4 → add payment info 5; a payment
// flow direct from order confirmation or a retry from order-failed; the payment events, payment failed and
// purchase on the direct, retry and gateway paths), SPEC §5 (a cart view only when the cart has items) and SPEC §2 / §8
// (a 409 from order confirmation goes back to the cart). Each row is the shopper's moves and the calls' answers,
// the state SPEC says they end in, and the funnel events reported on the way, in order. The path tests
// (checkout-funnel.test.ts, checkout-page.test.tsx) replay what the machine does; these say what it must do, so a
// swapped target or a lost report fails here. Only the spec's transitions are rows: recovery steps the machine
// adds of its own (a gateway's return without an outcome) are not the spec's and are left to their own tests.

type Move = FunnelEvent | { type: string; output?: unknown; error?: unknown };
const done = (id: string, output: unknown): Move => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown): Move => ({ type: `xstate.error.actor.${id}`, error });

const VIEW_CART: Move = { type: 'VIEW_CART', items: CART_ITEMS, value: 279_900, quote: 'v1~~0~279900~7.1.279900.p_90.1.0.f' };
const cart = [VIEW_CART];
const checkout = [...cart, { type: 'BEGIN_CHECKOUT' }, done('loadAddresses', ANSWERS.addresses)];
const confirmation = [
  ...checkout,
  { type: 'DELIVER_HERE' },
  done('deliverHere', ANSWERS.deliverHere),
  done('loadOrderDetails', ANSWERS.details),
];
const payment = [...confirmation, { type: 'PLACE_ORDER' }, done('placeOrder', ANSWERS.placed), done('loadPaymentMethods', ANSWERS.methods)];
const upi = { type: 'SELECT_METHOD', payment_method: 1 } as const;
const cod = { type: 'SELECT_METHOD', payment_method: 4 } as const;
const paidOnline = [...payment, upi, { type: 'PAY' }, done('startTransaction', ANSWERS.transaction)];
const failed = [...paidOnline, { type: 'PAYMENT_FAILED', order_id: ORDER_ID }, done('loadPaymentFailure', ANSWERS.failure)];
const retrying = [...failed, { type: 'RETRY' }, done('loadPaymentMethods', ANSWERS.methods)];

const STEP_1 = ['view_cart'];
const STEP_2 = [...STEP_1, 'begin_checkout', 'add_shipping_info'];
const STEP_3 = [...STEP_2, 'checkout_initiated'];
const STEP_4 = [...STEP_3, 'order_placed', 'payment_initiated'];
const CHOSE_UPI = [...STEP_4, 'payment_option_selected:upi:direct'];
const STEP_5 = [...CHOSE_UPI, 'add_payment_info'];

const RULES: Array<[rule: string, moves: Move[], state: string, reports: string[]]> = [
  ['§4.4 step 1: a cart with items is viewed → cart, view_cart', cart, 'cart', STEP_1],
  ['§5: an empty cart reports no cart view → emptyCart', [{ type: 'VIEW_CART', items: [], value: 0, quote: null }], 'emptyCart', []],
  [
    '§5: a cart of freebies alone has no items to report → emptyCart',
    [{ type: 'VIEW_CART', items: CART_ITEMS.filter((i) => i.is_freebie), value: 0, quote: null }],
    'emptyCart',
    [],
  ],
  [
    '§4.4 step 2: begin checkout → checkout, begin_checkout',
    [...cart, { type: 'BEGIN_CHECKOUT' }],
    'checkout',
    [...STEP_1, 'begin_checkout'],
  ],
  ['§4.4 step 3: an address chosen, the order priced → orderConfirmation', confirmation, 'orderConfirmation', STEP_3],
  [
    '§2/§8: order confirmation answers 409 → cartChanged (the page goes to /cart)',
    [...checkout, { type: 'DELIVER_HERE' }, done('deliverHere', ANSWERS.deliverHere), fail('loadOrderDetails', ERRORS.cartChanged)],
    'cartChanged',
    STEP_2,
  ],
  [
    '§2/§8: placing the order answers 409 → cartChanged',
    [...confirmation, { type: 'PLACE_ORDER' }, fail('placeOrder', ERRORS.cartChanged)],
    'cartChanged',
    STEP_3,
  ],
  ['§4.4 step 4: the order placed → payment, payment view', payment, 'payment', STEP_4],
  ['§4.4: an instrument group chosen → payment_option_selected (direct flow)', [...payment, upi], 'payment', CHOSE_UPI],
  [
    '§4.4: a UPI app chosen → payment_instrument_selected upi_app',
    [...payment, { type: 'SELECT_METHOD', payment_method: 1, option: 'Google Pay' }],
    'payment',
    [...CHOSE_UPI, 'payment_instrument_selected:upi_app:direct'],
  ],
  [
    '§4.4: a bank chosen → payment_instrument_selected bank',
    [...payment, { type: 'SELECT_METHOD', payment_method: 3, option: 'HDFC Bank' }],
    'payment',
    [...STEP_4, 'payment_option_selected:netbanking:direct', 'payment_instrument_selected:bank:direct'],
  ],
  [
    '§4.4: a wallet chosen → payment_instrument_selected wallet',
    [...payment, { type: 'SELECT_METHOD', payment_method: 6, option: 'Paytm' }],
    'payment',
    [...STEP_4, 'payment_option_selected:wallet:direct', 'payment_instrument_selected:wallet:direct'],
  ],
  [
    '§4.4: a stored card chosen → payment_instrument_selected stored_card',
    [...payment, { type: 'SELECT_SAVED_CARD', card_id: 5, network: 'VISA' }],
    'payment',
    [...STEP_4, 'payment_option_selected:card:direct', 'payment_instrument_selected:stored_card:direct'],
  ],
  [
    '§4.4: a new card chosen → payment_instrument_selected card',
    [...payment, { type: 'SELECT_NEW_CARD' }],
    'payment',
    [...STEP_4, 'payment_option_selected:card:direct', 'payment_instrument_selected:card:direct'],
  ],
  ['§4.4 step 5: pay online → add_payment_info, then the gateway hop (redirecting)', paidOnline, 'redirecting', STEP_5],
  [
    '§4.4: pay on delivery → add_payment_info, purchase on the direct path',
    [...payment, cod, { type: 'PAY' }, done('payOnDelivery', ANSWERS.paid), done('loadOrderSuccess', ANSWERS.success)],
    'purchased',
    [...STEP_4, 'payment_option_selected:cod:direct', 'add_payment_info', 'purchase:direct'],
  ],
  [
    '§4.4: back from the gateway paid → purchase on the direct path',
    [...paidOnline, { type: 'CONFIRM_ORDER', order_id: ORDER_ID }, done('loadOrderSuccess', ANSWERS.success)],
    'purchased',
    [...STEP_5, 'purchase:direct'],
  ],
  ['§4.4: back from the gateway declined → failed, payment_failed', failed, 'failed', [...STEP_5, 'payment_failed:direct']],
  [
    '§4.4: retry from order-failed → payment in the retry flow (payment view again)',
    retrying,
    'payment',
    [...STEP_5, 'payment_failed:direct', 'payment_initiated'],
  ],
  [
    '§4.4: the retry flow pays → purchase on the retry path',
    [
      ...retrying,
      upi,
      { type: 'PAY' },
      done('startTransaction', ANSWERS.transaction),
      { type: 'CONFIRM_ORDER', order_id: ORDER_ID },
      done('loadOrderSuccess', ANSWERS.success),
    ],
    'purchased',
    [...STEP_5, 'payment_failed:direct', 'payment_initiated', 'payment_option_selected:upi:retry', 'add_payment_info', 'purchase:retry'],
  ],
  [
    '§4.4: a pending payment the gateway then confirms → purchase on the gateway path',
    [
      ...paidOnline,
      { type: 'PAYMENT_PENDING', order_id: ORDER_ID },
      done('verifyTransaction', ANSWERS.paid),
      done('loadOrderSuccess', ANSWERS.success),
    ],
    'purchased',
    [...STEP_5, 'purchase:gateway'],
  ],
  [
    '§4.4: a pending payment the gateway then declines → payment_failed on the gateway path',
    [
      ...paidOnline,
      { type: 'PAYMENT_PENDING', order_id: ORDER_ID },
      done('verifyTransaction', ANSWERS.declined),
      done('loadPaymentFailure', ANSWERS.failure),
    ],
    'failed',
    [...STEP_5, 'payment_failed:gateway'],
  ],
  [
    "§4.4: an outcome page opened later (not this funnel's payment) is shown, not reported",
    [{ type: 'CONFIRM_ORDER', order_id: ORDER_ID }, done('loadOrderSuccess', ANSWERS.success)],
    'purchased',
    [],
  ],
];

/** A report as the row names it: the event, and the group or instrument and the flow path where it has them. */
function named(e: CatalogueEvent): string {
  const f = e as { name: string; group?: string; instrument?: string; path?: string };
  if (f.name === 'payment_option_selected') return `${f.name}:${f.group}:${f.path}`;
  if (f.name === 'payment_instrument_selected') return `${f.name}:${f.instrument}:${f.path}`;
  if (f.name === 'purchase' || f.name === 'payment_failed') return `${f.name}:${f.path}`;
  return f.name;
}

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

test.each(RULES)('SPEC %s', async (_rule, moves, state, reports) => {
  const { services, unanswered } = servicesForPath(moves.map((event) => ({ event: event as { type: string } })));
  const seen: string[] = [];
  const actor = createActor(
    checkoutFunnelMachine.provide({
      actors: Object.fromEntries(
        Object.entries(services).map(([name, fn]) => [name, fromPromise(({ input }) => (fn as (i: unknown) => Promise<unknown>)(input))]),
      ) as never,
      actions: {
        report: (_, event: CatalogueEvent | null) => {
          if (event) seen.push(named(event));
        },
        leaveForGateway: () => {},
      },
    }),
  ).start();
  for (const event of moves) {
    if (!event.type.startsWith('xstate.')) actor.send(event as FunnelEvent);
    await flush();
  }
  const value = actor.getSnapshot().value;
  expect(typeof value === 'string' ? value : Object.keys(value)[0]).toBe(state);
  expect(seen).toEqual(reports);
  // Every answer in the row was asked for: the row took the way it describes.
  expect(unanswered()).toBe(0);
  actor.stop();
});
