// SPEC §4 checkout funnel: cart view 1 → begin checkout 2 → order confirmation 3 → payment view 4 → add payment
// info 5, then the order placed, the gateway hop and purchase, or payment failed → retry (flow "otherwise").
// The one owner of those steps: the cart, address, order-confirmation, payment and outcome pages send it events
// and render from its state; every call is an injected actor and every report goes through the `report` action
// (the event bus by default), so no page emits a funnel event itself.
import { assign, fromPromise, setup } from 'xstate';
import { type CatalogueEvent, emit, type EventItem } from '../events/index.ts';
import type { CartAddress } from '../schemas/account.ts';
import type { DeliverHereData, OrderDetailsData, OrderSuccessData, PlaceOrderData } from '../schemas/order.ts';
import type {
  ActivePaymentData,
  InstrumentDetails,
  PaymentFailedData,
  PaymentMethodCode,
  PaymentResultData,
  PaymentStateData,
  TransactionData,
} from '../schemas/payment.ts';
import { errorMessage, errorStatus, groupOfMethod, newIdempotencyKey } from './checkout-rules.ts';

export type PaymentFlow = 'direct' | 'otherwise';

/** The calls the funnel makes; the app passes the API, tests pass answers (machine.provide). */
export interface CheckoutServices {
  loadAddresses(): Promise<CartAddress[]>;
  deliverHere(input: { address_id: number }): Promise<DeliverHereData>;
  /** The re-priced order and its lines as event items (the app maps lines with the cart's own mapper). */
  loadOrderDetails(input: { quote: string | null }): Promise<PricedOrder>;
  placeOrder(input: { quote: string | null; idempotencyKey: string }): Promise<PlaceOrderData>;
  loadPaymentMethods(input: { orderId: string }): Promise<ActivePaymentData>;
  /** initate-transaction on the first attempt, retry-payment after a failure (same order, new attempt). */
  startTransaction(input: {
    order_id: string;
    payment_method: Exclude<PaymentMethodCode, 4>;
    instrument: InstrumentDetails;
    retry: boolean;
    /** Pay with this saved card (cards only). */
    saved_card_id?: number;
  }): Promise<TransactionData>;
  payOnDelivery(input: { order_id: string }): Promise<PaymentResultData>;
  verifyTransaction(input: { order_id: string }): Promise<PaymentResultData>;
  loadPaymentFailure(input: { orderId: string }): Promise<PaymentFailedData>;
  loadOrderSuccess(input: { orderId: string }): Promise<PlacedOrder>;
  /** SPEC §4.7: the order's payment state from the server (no order: the customer's order waiting for payment). */
  loadPaymentState(input: { orderId?: string }): Promise<PaymentStateData | null>;
}

export interface PricedOrder {
  details: OrderDetailsData;
  items: EventItem[];
}
export interface PlacedOrder {
  order: OrderSuccessData;
  items: EventItem[];
}

export interface FunnelContext {
  /** Lines as the shopper last saw them (cart, then the server's re-priced order). */
  items: EventItem[];
  /** Total payable in paise. */
  value: number;
  couponCode?: string;
  /** The cart snapshot the shopper saw (schemas/order.ts quote), compared by the server at each step. */
  quote: string | null;
  addresses: CartAddress[];
  selectedAddressId: number | null;
  details: OrderDetailsData | null;
  /** One key per order attempt: a double click or a repeated call answers the same order. */
  idempotencyKey: string;
  orderId?: string;
  methods: ActivePaymentData | null;
  /** SPEC §9 payment method code chosen at step 5. */
  paymentMethod?: PaymentMethodCode;
  instrument: InstrumentDetails;
  /** The saved card chosen to pay with (docs/decisions/024-saved-cards.md); cards only. */
  savedCardId?: number;
  /** SPEC §4: direct from order confirmation, otherwise after a failed payment. */
  flow: PaymentFlow;
  /** The outcome was decided by the gateway later (the pending page's checks): reported on the gateway path. */
  decidedByGateway: boolean;
  transaction: TransactionData | null;
  failure: PaymentFailedData | null;
  success: PlacedOrder | null;
  /** The outcome came back from this funnel (report it), not from a page opened later (show it only). */
  reportOutcome: boolean;
  /** Pending-payment checks made so far. */
  pendingChecks: number;
  /** Message for the current step (a failed call), shown by the page. */
  error: string | null;
  /** SPEC §4.7: the order the payment page asks the server about (undefined: the one waiting for payment). */
  recoverFor?: string;
  /** The server's answer about the order being paid, when the payment page asked it (a return, a new tab). */
  paymentState: PaymentStateData | null;
}

export type FunnelEvent =
  | { type: 'VIEW_CART'; items: EventItem[]; value: number; coupon_code?: string; cart_id?: string; quote: string | null }
  | { type: 'CART_UPDATED'; items: EventItem[]; value: number; coupon_code?: string; quote: string | null }
  | { type: 'BEGIN_CHECKOUT' }
  | { type: 'ADD_ADDRESS' }
  | { type: 'ADDRESS_SAVED'; address_id: number }
  | { type: 'CANCEL_ADD_ADDRESS' }
  | { type: 'SELECT_ADDRESS'; address_id: number }
  | { type: 'DELIVER_HERE' }
  | { type: 'CHANGE_ADDRESS' }
  | { type: 'PLACE_ORDER' }
  | { type: 'SELECT_METHOD'; payment_method: PaymentMethodCode; option?: string }
  | { type: 'SET_INSTRUMENT'; instrument: InstrumentDetails }
  | { type: 'SELECT_SAVED_CARD'; card_id: number; network: string }
  | { type: 'SELECT_NEW_CARD' }
  | { type: 'PAY' }
  | { type: 'CONFIRM_ORDER'; order_id: string }
  | { type: 'PAYMENT_FAILED'; order_id: string }
  | { type: 'PAYMENT_PENDING'; order_id: string }
  | { type: 'RETRY' }
  | { type: 'RELOAD' }
  /** The payment page was opened or shown again (a new tab, a link, Back from the gateway, a reload). */
  | { type: 'OPEN_PAYMENT'; order_id?: string; resumed?: boolean };

/** Pending payments are checked every 5 s, at most 24 times (two minutes), then the page says so. */
export const PENDING_POLL_MS = 5_000;
export const PENDING_MAX_CHECKS = 24;

const freshContext = (): FunnelContext => ({
  items: [],
  value: 0,
  quote: null,
  addresses: [],
  selectedAddressId: null,
  details: null,
  idempotencyKey: newIdempotencyKey(),
  methods: null,
  instrument: {},
  flow: 'direct',
  decidedByGateway: false,
  transaction: null,
  failure: null,
  success: null,
  reportOutcome: false,
  pendingChecks: 0,
  error: null,
  paymentState: null,
});

/** What the funnel keeps of the re-priced order: shown on the confirmation page, placed as shown (its quote). */
export const pricedOrderContext = ({ details, items }: PricedOrder): Partial<FunnelContext> => ({
  details,
  items,
  value: details.total,
  couponCode: details.coupon_code ?? undefined,
  quote: details.quote,
});

const selectedAddress = (c: FunnelContext) => c.addresses.find((a) => a.address_id === c.selectedAddressId) ?? null;
const defaultAddressId = (list: CartAddress[]) =>
  (list.find((a) => a.is_default && a.serviceable) ?? list.find((a) => a.serviceable) ?? list[0])?.address_id ?? null;
const methodView = (c: FunnelContext) => c.methods?.methods.find((m) => m.code === c.paymentMethod) ?? null;

/** A call the app (or a test) must provide. */
const service = <I, O>(name: string) => fromPromise<O, I>(() => Promise.reject(new Error(`checkout service ${name} not provided`)));

export const checkoutFunnelMachine = setup({
  types: {} as { context: FunnelContext; events: FunnelEvent },
  actors: {
    loadAddresses: service<void, CartAddress[]>('loadAddresses'),
    deliverHere: service<{ address_id: number }, DeliverHereData>('deliverHere'),
    loadOrderDetails: service<{ quote: string | null }, PricedOrder>('loadOrderDetails'),
    placeOrder: service<{ quote: string | null; idempotencyKey: string }, PlaceOrderData>('placeOrder'),
    loadPaymentMethods: service<{ orderId: string }, ActivePaymentData>('loadPaymentMethods'),
    startTransaction: service<Parameters<CheckoutServices['startTransaction']>[0], TransactionData>('startTransaction'),
    payOnDelivery: service<{ order_id: string }, PaymentResultData>('payOnDelivery'),
    verifyTransaction: service<{ order_id: string }, PaymentResultData>('verifyTransaction'),
    loadPaymentFailure: service<{ orderId: string }, PaymentFailedData>('loadPaymentFailure'),
    loadOrderSuccess: service<{ orderId: string }, PlacedOrder>('loadOrderSuccess'),
    loadPaymentState: service<{ orderId?: string }, PaymentStateData | null>('loadPaymentState'),
  },
  actions: {
    /** Reports one domain event; replaced in tests with machine.provide. */
    report: (_, event: CatalogueEvent | null) => {
      if (event) emit(event);
    },
    /** Leaves for the payment gateway (the app flushes queued events first); replaced in tests. */
    leaveForGateway: (_, _redirect: TransactionData['redirect']) => {},
    setError: assign({ error: ({ event }) => errorMessage((event as { error?: unknown }).error) }),
    clearError: assign({ error: null }),
  },
  guards: {
    /** SPEC §5: a cart view is reported (and the funnel entered) only when the cart has items. */
    cartHasItems: ({ event }) => event.type === 'VIEW_CART' && event.items.some((i) => !i.is_freebie),
    /** SPEC §8: the cart changed since the shopper saw it → /cart with the message. */
    cartChanged: ({ event }) => errorStatus((event as { error?: unknown }).error) === 409,
    canDeliverHere: ({ context }) => selectedAddress(context)?.serviceable === true,
    canPlaceOrder: ({ context }) => Boolean(context.details && context.details.blocking.length === 0 && context.details.serviceable),
    methodAvailable: ({ context, event }) =>
      event.type === 'SELECT_METHOD' && context.methods?.methods.some((m) => m.code === event.payment_method && m.available) === true,
    cardsAvailable: ({ context }) => context.methods?.methods.some((m) => m.code === 2 && m.available) === true,
    canPay: ({ context }) => methodView(context)?.available === true,
    payOnDeliveryChosen: ({ context }) => context.paymentMethod === 4,
    isRetry: ({ context }) => context.flow === 'otherwise',
    paid: ({ event }) => {
      const out = (event as { output?: PaymentResultData }).output;
      return out?.payment_status === 'success';
    },
    paymentFailed: ({ event }) => {
      const out = (event as { output?: PaymentResultData }).output;
      return out?.payment_status === 'failed' || out?.payment_status === 'expired';
    },
    mayCheckAgain: ({ context }) => context.pendingChecks < PENDING_MAX_CHECKS,
    canRetry: ({ context }) => context.failure?.can_retry !== false && Boolean(context.orderId),
    sameOrder: ({ context, event }) => 'order_id' in event && event.order_id === context.orderId,
    /** The payment page opened for the order the funnel is already paying (or for no order in particular). */
    // A funnel resumed from the tab's storage (a reload) may be stale: then the server is asked all the same.
    payingThisOrder: ({ context, event }) =>
      event.type === 'OPEN_PAYMENT' &&
      !event.resumed &&
      Boolean(context.orderId) &&
      (event.order_id === undefined || event.order_id === context.orderId),
    stateIs: ({ event }, state: PaymentStateData['state']) => (event as { output?: PaymentStateData | null }).output?.state === state,
    notFound: ({ event }) => errorStatus((event as { error?: unknown }).error) === 404,
  },
  delays: { pendingPoll: PENDING_POLL_MS },
}).createMachine({
  id: 'checkoutFunnel',
  initial: 'idle',
  context: freshContext,
  on: {
    VIEW_CART: [
      {
        guard: 'cartHasItems',
        target: '.cart',
        actions: assign(({ event }) => ({
          ...freshContext(),
          items: event.items,
          value: event.value,
          couponCode: event.coupon_code,
          quote: event.quote,
        })),
      },
      { target: '.emptyCart', actions: assign(() => freshContext()) },
    ],
    // The outcome pages can be opened from the gateway's return or later from an e-mail: only an outcome this
    // funnel was waiting for is reported.
    CONFIRM_ORDER: {
      target: '.confirming',
      actions: assign(({ context, event }) => ({
        orderId: event.order_id,
        reportOutcome: isAwaitingOutcome(context, event.order_id),
        error: null,
      })),
    },
    PAYMENT_FAILED: {
      target: '.failed',
      actions: assign(({ context, event }) => ({
        orderId: event.order_id,
        reportOutcome: isAwaitingOutcome(context, event.order_id),
        error: null,
      })),
    },
    PAYMENT_PENDING: {
      target: '.pending',
      actions: assign(({ context, event }) => ({
        orderId: event.order_id,
        reportOutcome: isAwaitingOutcome(context, event.order_id),
        pendingChecks: 0,
        error: null,
      })),
    },
    // SPEC §4.7: a payment page opened without this tab's funnel paying that order asks the server.
    OPEN_PAYMENT: { target: '.recovering', actions: assign(({ event }) => ({ recoverFor: event.order_id, error: null })) },
  },
  states: {
    idle: {},
    emptyCart: {},
    cart: {
      entry: {
        type: 'report',
        params: ({ context }) => ({ name: 'view_cart', items: context.items, value: context.value, coupon_code: context.couponCode }),
      },
      on: {
        BEGIN_CHECKOUT: 'checkout',
        // A quantity or coupon change on the cart page is what checkout starts from; not a second cart view.
        CART_UPDATED: {
          actions: assign(({ event }) => ({ items: event.items, value: event.value, couponCode: event.coupon_code, quote: event.quote })),
        },
      },
    },
    /** The shopper saw the cart change (SPEC §8 409): the cart page shows `error` and starts again. */
    cartChanged: {},
    /** Funnel step 2: choose where to deliver (/select-address, /add-new-address). */
    checkout: {
      entry: {
        type: 'report',
        params: ({ context }) => ({ name: 'begin_checkout', items: context.items, value: context.value, coupon_code: context.couponCode }),
      },
      initial: 'loading',
      states: {
        loading: {
          tags: 'busy',
          invoke: {
            id: 'loadAddresses',
            src: 'loadAddresses',
            onDone: {
              target: 'choosing',
              actions: assign(({ context, event }) => ({
                addresses: event.output,
                selectedAddressId: event.output.some((a) => a.address_id === context.selectedAddressId)
                  ? context.selectedAddressId
                  : defaultAddressId(event.output),
              })),
            },
            onError: { target: 'loadFailed', actions: 'setError' },
          },
        },
        loadFailed: { on: { RELOAD: { target: 'loading', actions: 'clearError' } } },
        choosing: {
          on: {
            SELECT_ADDRESS: { actions: assign({ selectedAddressId: ({ event }) => event.address_id, error: null }) },
            DELIVER_HERE: { guard: 'canDeliverHere', target: 'delivering', actions: 'clearError' },
            ADD_ADDRESS: { target: 'adding', actions: 'clearError' },
          },
        },
        adding: {
          on: {
            ADDRESS_SAVED: { target: 'loading', actions: assign({ selectedAddressId: ({ event }) => event.address_id }) },
            CANCEL_ADD_ADDRESS: 'choosing',
          },
        },
        delivering: {
          tags: 'busy',
          invoke: {
            id: 'deliverHere',
            src: 'deliverHere',
            input: ({ context }) => ({ address_id: context.selectedAddressId ?? 0 }),
            onDone: {
              target: '#checkoutFunnel.orderConfirmation',
              actions: [
                assign(({ event }) => ({ quote: event.output.quote, idempotencyKey: newIdempotencyKey() })),
                {
                  type: 'report',
                  params: ({ event }) => ({
                    name: 'add_shipping_info',
                    pincode: event.output.address.pincode,
                    city: event.output.address.city,
                    state: event.output.address.state,
                  }),
                },
              ],
            },
            onError: { target: 'choosing', actions: 'setError' },
          },
        },
      },
    },
    /** Funnel step 3: the server re-prices the cart (/order-confirmation); placing the order. */
    orderConfirmation: {
      initial: 'loading',
      on: { CHANGE_ADDRESS: { target: 'checkout.loading', actions: 'clearError' } },
      states: {
        loading: {
          tags: 'busy',
          invoke: {
            id: 'loadOrderDetails',
            src: 'loadOrderDetails',
            input: ({ context }) => ({ quote: context.quote }),
            onDone: {
              target: 'ready',
              actions: [
                assign(({ event }) => pricedOrderContext(event.output)),
                {
                  type: 'report',
                  params: ({ context }) => ({
                    name: 'checkout_initiated',
                    items: context.items,
                    value: context.value,
                    coupon_code: context.couponCode,
                  }),
                },
              ],
            },
            onError: [
              { guard: 'cartChanged', target: '#checkoutFunnel.cartChanged', actions: 'setError' },
              { target: 'loadFailed', actions: 'setError' },
            ],
          },
        },
        loadFailed: { on: { RELOAD: { target: 'loading', actions: 'clearError' } } },
        ready: {
          on: { PLACE_ORDER: { guard: 'canPlaceOrder', target: 'placing', actions: 'clearError' } },
        },
        placing: {
          tags: 'busy',
          invoke: {
            id: 'placeOrder',
            src: 'placeOrder',
            input: ({ context }) => ({ quote: context.quote, idempotencyKey: context.idempotencyKey }),
            onDone: {
              target: '#checkoutFunnel.payment',
              actions: [
                assign(({ event }) => ({ orderId: event.output.order_id, flow: 'direct' as const })),
                {
                  type: 'report',
                  params: ({ context, event }) => ({
                    name: 'order_placed',
                    order_id: event.output.order_id,
                    items: context.items,
                    value: event.output.amount,
                    coupon_code: context.couponCode,
                  }),
                },
              ],
            },
            onError: [
              { guard: 'cartChanged', target: '#checkoutFunnel.cartChanged', actions: 'setError' },
              { target: 'ready', actions: 'setError' },
            ],
          },
        },
      },
    },
    /** Funnel steps 4 and 5: /payment (direct) or /retry-payment (otherwise). */
    payment: {
      entry: {
        type: 'report',
        params: ({ context }) => ({ name: 'payment_initiated', items: context.items, value: context.value, order_id: context.orderId }),
      },
      on: {
        OPEN_PAYMENT: [
          { guard: 'payingThisOrder' },
          { target: 'recovering', actions: assign(({ event }) => ({ recoverFor: event.order_id, error: null })) },
        ],
      },
      initial: 'loading',
      states: {
        loading: {
          tags: 'busy',
          invoke: {
            id: 'loadPaymentMethods',
            src: 'loadPaymentMethods',
            input: ({ context }) => ({ orderId: context.orderId ?? '' }),
            onDone: {
              target: 'choosing',
              actions: assign({ methods: ({ event }) => event.output, value: ({ event }) => event.output.amount }),
            },
            onError: { target: 'loadFailed', actions: 'setError' },
          },
        },
        loadFailed: { on: { RELOAD: { target: 'loading', actions: 'clearError' } } },
        choosing: {
          on: {
            // SPEC §4: a group chosen is reported once per change of group; an option inside it (a UPI app, a
            // bank, a wallet) as the instrument selected.
            SELECT_METHOD: {
              guard: 'methodAvailable',
              actions: [
                {
                  type: 'report',
                  params: ({ context, event }) =>
                    context.paymentMethod === event.payment_method
                      ? null
                      : { name: 'payment_option_selected', group: groupOfMethod(event.payment_method), path: pathOf(context) },
                },
                {
                  type: 'report',
                  params: ({ context, event }) => {
                    const instrument = instrumentOfOption(event.payment_method);
                    return event.option && instrument
                      ? { name: 'payment_instrument_selected', instrument, option: event.option, path: pathOf(context) }
                      : null;
                  },
                },
                assign(({ context, event }) => ({
                  paymentMethod: event.payment_method,
                  instrument: context.paymentMethod === event.payment_method ? context.instrument : {},
                  savedCardId: context.paymentMethod === event.payment_method ? context.savedCardId : undefined,
                  error: null,
                })),
              ],
            },
            // A saved card (the stored-card event) or a new card, inside the card group.
            SELECT_SAVED_CARD: {
              guard: 'cardsAvailable',
              actions: [
                {
                  type: 'report',
                  params: ({ context }) =>
                    context.paymentMethod === 2 ? null : { name: 'payment_option_selected', group: 'card', path: pathOf(context) },
                },
                {
                  type: 'report',
                  params: ({ context, event }) => ({
                    name: 'payment_instrument_selected',
                    instrument: 'stored_card',
                    option: event.network,
                    path: pathOf(context),
                  }),
                },
                assign(({ event }) => ({ paymentMethod: 2 as const, savedCardId: event.card_id, instrument: {}, error: null })),
              ],
            },
            SELECT_NEW_CARD: {
              guard: 'cardsAvailable',
              actions: [
                {
                  type: 'report',
                  params: ({ context }) =>
                    context.paymentMethod === 2 ? null : { name: 'payment_option_selected', group: 'card', path: pathOf(context) },
                },
                {
                  type: 'report',
                  params: ({ context }) => ({ name: 'payment_instrument_selected', instrument: 'card', path: pathOf(context) }),
                },
                assign(({ context }) => ({
                  paymentMethod: 2 as const,
                  savedCardId: undefined,
                  instrument: context.paymentMethod === 2 ? context.instrument : {},
                  error: null,
                })),
              ],
            },
            SET_INSTRUMENT: { actions: assign({ instrument: ({ event }) => event.instrument }) },
            PAY: [
              {
                guard: 'canPay',
                target: 'paying',
                actions: ['clearError', { type: 'report', params: ({ context }) => addPaymentInfo(context) }],
              },
            ],
          },
        },
        paying: {
          initial: 'route',
          states: {
            route: {
              always: [{ guard: 'payOnDeliveryChosen', target: 'onDelivery' }, { target: 'online' }],
            },
            onDelivery: {
              tags: 'busy',
              invoke: {
                id: 'payOnDelivery',
                src: 'payOnDelivery',
                input: ({ context }) => ({ order_id: context.orderId ?? '' }),
                onDone: {
                  target: '#checkoutFunnel.confirming',
                  actions: assign({ reportOutcome: true }),
                },
                onError: { target: '#checkoutFunnel.payment.choosing', actions: 'setError' },
              },
            },
            online: {
              tags: 'busy',
              invoke: {
                id: 'startTransaction',
                src: 'startTransaction',
                input: ({ context }) => ({
                  order_id: context.orderId ?? '',
                  payment_method: context.paymentMethod as Exclude<PaymentMethodCode, 4>,
                  instrument: context.instrument,
                  retry: context.flow === 'otherwise',
                  ...(context.paymentMethod === 2 && context.savedCardId !== undefined ? { saved_card_id: context.savedCardId } : {}),
                }),
                onDone: {
                  target: '#checkoutFunnel.redirecting',
                  actions: assign({ transaction: ({ event }) => event.output }),
                },
                onError: { target: '#checkoutFunnel.payment.choosing', actions: 'setError' },
              },
            },
          },
        },
      },
    },
    /** The shopper is at the gateway; its callback sends the browser to an outcome page. */
    redirecting: {
      tags: 'busy',
      entry: { type: 'leaveForGateway', params: ({ context }) => context.transaction?.redirect ?? { url: '/', method: 'GET', fields: {} } },
      // Back from the gateway (or a reload of the page that left for it) brings no result: ask the server.
      on: {
        OPEN_PAYMENT: {
          target: 'recovering',
          actions: assign(({ context, event }) => ({ recoverFor: event.order_id ?? context.orderId, error: null })),
        },
      },
    },
    /**
     * SPEC §4.7: the server says where the order's payment stands: still open (pay again, any method), being
     * confirmed by the gateway, paid, or closed (expired, cancelled, not this customer's, none waiting).
     */
    recovering: {
      tags: 'busy',
      invoke: {
        id: 'loadPaymentState',
        src: 'loadPaymentState',
        input: ({ context }) => ({ orderId: context.recoverFor }),
        onDone: [
          {
            guard: { type: 'stateIs', params: 'awaiting_payment' },
            target: 'payment',
            actions: assign(({ context, event }) => adoptOrder(context, event.output as PaymentStateData)),
          },
          {
            guard: { type: 'stateIs', params: 'confirming' },
            target: 'pending',
            actions: assign(({ context, event }) => ({
              ...outcomeOf(context, event.output as PaymentStateData),
              pendingChecks: 0,
            })),
          },
          {
            guard: { type: 'stateIs', params: 'paid' },
            target: 'confirming',
            actions: assign(({ context, event }) => outcomeOf(context, event.output as PaymentStateData)),
          },
          { target: 'closed', actions: assign({ paymentState: ({ event }) => event.output, transaction: null }) },
        ],
        onError: [
          // Another customer's order (or none of that number): said plainly on the page, never a blank one.
          {
            guard: 'notFound',
            target: 'closed',
            actions: assign(({ context }) => ({
              paymentState: null,
              error: `We could not find order ${context.recoverFor ?? ''} in your account. Sign in with the account that placed it.`,
            })),
          },
          { target: 'recoverFailed', actions: 'setError' },
        ],
      },
    },
    recoverFailed: { on: { RELOAD: { target: 'recovering', actions: 'clearError' } } },
    /** Nothing to pay: the page says why (context.paymentState's message, or the error) and where to go. */
    closed: {},
    /** /pending-payment: the gateway has not decided; ask it again every few seconds. */
    pending: {
      on: { PAYMENT_PENDING: { guard: 'sameOrder' } },
      initial: 'checking',
      states: {
        checking: {
          tags: 'busy',
          entry: assign({ pendingChecks: ({ context }) => context.pendingChecks + 1 }),
          invoke: {
            id: 'verifyTransaction',
            src: 'verifyTransaction',
            input: ({ context }) => ({ order_id: context.orderId ?? '' }),
            // SPEC §4 gateway path: the gateway decided after the shopper came back (a pending payment settled).
            onDone: [
              { guard: 'paid', target: '#checkoutFunnel.confirming', actions: assign({ decidedByGateway: true }) },
              { guard: 'paymentFailed', target: '#checkoutFunnel.failed', actions: assign({ decidedByGateway: true }) },
              { target: 'waiting' },
            ],
            onError: { target: 'waiting', actions: 'setError' },
          },
        },
        waiting: {
          after: { pendingPoll: [{ guard: 'mayCheckAgain', target: 'checking' }, { target: 'gaveUp' }] },
          on: { RELOAD: { target: 'checking', actions: 'clearError' } },
        },
        gaveUp: { on: { RELOAD: { target: 'checking', actions: [assign({ pendingChecks: 0 }), 'clearError'] } } },
      },
    },
    /** /order-successfull/{orderId}: the stored order, then the purchase (event id = order id). */
    confirming: {
      tags: 'busy',
      on: { CONFIRM_ORDER: { guard: 'sameOrder' } },
      invoke: {
        id: 'loadOrderSuccess',
        src: 'loadOrderSuccess',
        input: ({ context }) => ({ orderId: context.orderId ?? '' }),
        onDone: { target: 'purchased', actions: assign({ success: ({ event }) => event.output }) },
        onError: { target: 'confirmFailed', actions: 'setError' },
      },
    },
    confirmFailed: { on: { RELOAD: { target: 'confirming', actions: 'clearError' } } },
    /** /order-failed/{orderId}: why, and a retry on the same order. */
    failed: {
      on: { PAYMENT_FAILED: { guard: 'sameOrder' } },
      initial: 'loading',
      states: {
        loading: {
          tags: 'busy',
          invoke: {
            id: 'loadPaymentFailure',
            src: 'loadPaymentFailure',
            input: ({ context }) => ({ orderId: context.orderId ?? '' }),
            onDone: {
              target: 'shown',
              actions: [
                assign({ failure: ({ event }) => event.output }),
                {
                  type: 'report',
                  params: ({ context, event }) =>
                    context.reportOutcome
                      ? {
                          name: 'payment_failed',
                          order_id: event.output.order_id,
                          path: context.decidedByGateway ? 'gateway' : pathOf(context),
                          reason: event.output.reason ?? undefined,
                        }
                      : null,
                },
                assign({ reportOutcome: false, transaction: null, decidedByGateway: false }),
              ],
            },
            onError: { target: 'loadFailed', actions: 'setError' },
          },
        },
        loadFailed: { on: { RELOAD: { target: 'loading', actions: 'clearError' } } },
        shown: {
          on: {
            RETRY: {
              guard: 'canRetry',
              target: '#checkoutFunnel.payment',
              actions: assign({
                flow: 'otherwise' as const,
                paymentMethod: undefined,
                savedCardId: undefined,
                instrument: {},
                transaction: null,
                paymentState: null,
                error: null,
              }),
            },
          },
        },
      },
    },
    purchased: {
      on: { CONFIRM_ORDER: { guard: 'sameOrder' } },
      entry: [
        {
          type: 'report',
          params: ({ context }) =>
            context.reportOutcome && context.success
              ? purchaseEvent(context.success, context.decidedByGateway ? 'gateway' : context.flow)
              : null,
        },
        // Reported once: a later visit to this order's page only shows it.
        assign({ reportOutcome: false, transaction: null, paymentMethod: undefined, savedCardId: undefined, decidedByGateway: false }),
      ],
    },
  },
});

/**
 * SPEC §4.7: the order the server says is waiting for payment becomes the funnel's. The same order keeps what the
 * shopper chose and its flow (Back from the gateway on the direct path is still direct); another order is a retry
 * when it has had an attempt (retry-payment), else a first payment.
 */
function adoptOrder(context: FunnelContext, state: PaymentStateData): Partial<FunnelContext> {
  const same = context.orderId === state.order_id;
  return {
    orderId: state.order_id,
    paymentState: state,
    flow: same && context.flow === 'direct' ? 'direct' : state.attempts > 0 ? 'otherwise' : 'direct',
    items: same ? context.items : [],
    value: state.amount,
    couponCode: same ? context.couponCode : undefined,
    paymentMethod: same ? context.paymentMethod : undefined,
    instrument: same ? context.instrument : {},
    savedCardId: same ? context.savedCardId : undefined,
    transaction: null,
    reportOutcome: false,
    error: null,
  };
}

/** A decided (or deciding) payment found on return: reported only when this funnel sent the order to the gateway. */
function outcomeOf(context: FunnelContext, state: PaymentStateData): Partial<FunnelContext> {
  const ours = isAwaitingOutcome(context, state.order_id);
  return { orderId: state.order_id, paymentState: state, reportOutcome: ours, decidedByGateway: ours, error: null };
}

/** SPEC §4: the payment page's flow as events name it. */
const pathOf = (c: FunnelContext): 'direct' | 'retry' => (c.flow === 'direct' ? 'direct' : 'retry');

/** SPEC §4 instrument selected inside a group by its option (UPI app, bank, wallet); cards choose with their own events. */
function instrumentOfOption(code: PaymentMethodCode): 'upi_app' | 'bank' | 'wallet' | null {
  return code === 1 ? 'upi_app' : code === 3 ? 'bank' : code === 6 ? 'wallet' : null;
}

/** An outcome for the order this funnel sent to the gateway (or is polling) is reported; any other is only shown. */
function isAwaitingOutcome(context: FunnelContext, orderId: string): boolean {
  return context.orderId === orderId && (context.transaction !== null || context.paymentMethod !== undefined);
}

function addPaymentInfo(c: FunnelContext): CatalogueEvent {
  return {
    name: 'add_payment_info',
    items: c.items,
    value: c.value,
    payment_method: c.paymentMethod ?? 0,
    group: c.paymentMethod ? groupOfMethod(c.paymentMethod) : undefined,
    order_id: c.orderId,
  };
}

/** The purchase as the stored order says (server prices, freebies flagged for the pipeline to drop). */
export function purchaseEvent({ order, items }: PlacedOrder, flow: PaymentFlow | 'gateway'): CatalogueEvent {
  const o = order.order;
  return {
    name: 'purchase',
    order_id: order.globalOrderId,
    items,
    value: order.purchase.value,
    shipping: order.purchase.shipping,
    coupon_code: order.purchase.coupon ?? undefined,
    payment_method: order.purchase.payment_method ?? undefined,
    customer_email: o.customer_email ?? undefined,
    customer_mobile: o.customer_mobile ?? undefined,
    customer_first_name: o.customer_first_name || undefined,
    customer_last_name: o.customer_last_name || undefined,
    path: flow === 'gateway' ? 'gateway' : flow === 'direct' ? 'direct' : 'retry',
  };
}
