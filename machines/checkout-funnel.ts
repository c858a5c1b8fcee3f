// SPEC §4 checkout funnel: cart view 1 → begin checkout 2 → order confirmation 3 → payment view 4 → add payment
// info 5, then order placed / purchase or payment failed → retry. Each step is reported once, in order, through
// the injected `report` action (the event bus by default), so the server-side funnel sees ordered sessions.
import { assign, setup } from 'xstate';
import { type CatalogueEvent, emit, type EventItem } from '../events/index.ts';

export type PaymentFlow = 'direct' | 'otherwise';

export interface FunnelContext {
  items: EventItem[];
  /** Cart total in paise. */
  value: number;
  couponCode?: string;
  orderId?: string;
  /** SPEC §9 payment method code chosen at step 5. */
  paymentMethod?: number;
  /** SPEC §4: direct from order confirmation, otherwise after a failed payment. */
  flow: PaymentFlow;
}

export type FunnelEvent =
  | { type: 'VIEW_CART'; items: EventItem[]; value: number; coupon_code?: string }
  | { type: 'BEGIN_CHECKOUT' }
  | { type: 'VIEW_ORDER_CONFIRMATION'; items?: EventItem[]; value?: number }
  | { type: 'VIEW_PAYMENT' }
  | { type: 'SELECT_PAYMENT'; payment_method: number }
  | { type: 'PLACE_ORDER'; order_id: string }
  | { type: 'PAYMENT_SUCCESS' }
  | { type: 'PAYMENT_FAILED'; reason?: string }
  | { type: 'RETRY' }
  | { type: 'BACK_TO_CART' };

const paidItems = (items: EventItem[]) => items.filter((i) => !i.is_freebie);

export const checkoutFunnelMachine = setup({
  types: {} as { context: FunnelContext; events: FunnelEvent },
  actions: {
    /** Reports one domain event; replaced in tests with machine.provide. */
    report: (_, event: CatalogueEvent) => {
      emit(event);
    },
  },
  guards: {
    /** SPEC §5: a cart view is reported (and the funnel entered) only when the cart has items. */
    cartHasItems: ({ event }) => event.type === 'VIEW_CART' && paidItems(event.items).length > 0,
  },
}).createMachine({
  id: 'checkoutFunnel',
  initial: 'idle',
  context: { items: [], value: 0, flow: 'direct' },
  on: {
    VIEW_CART: [
      {
        guard: 'cartHasItems',
        target: '.cart',
        actions: assign(({ event }) => ({
          items: event.items,
          value: event.value,
          couponCode: event.coupon_code,
          orderId: undefined,
          flow: 'direct' as const,
        })),
      },
      { target: '.emptyCart', actions: assign({ items: [], value: 0 }) },
    ],
  },
  states: {
    idle: {},
    emptyCart: {},
    cart: {
      entry: {
        type: 'report',
        params: ({ context }) => ({ name: 'view_cart', items: context.items, value: context.value, coupon_code: context.couponCode }),
      },
      on: { BEGIN_CHECKOUT: 'checkout' },
    },
    checkout: {
      entry: {
        type: 'report',
        params: ({ context }) => ({ name: 'begin_checkout', items: context.items, value: context.value, coupon_code: context.couponCode }),
      },
      on: { VIEW_ORDER_CONFIRMATION: 'orderConfirmation', BACK_TO_CART: 'cart' },
    },
    orderConfirmation: {
      entry: {
        type: 'report',
        params: ({ context }) => ({
          name: 'checkout_initiated',
          items: context.items,
          value: context.value,
          coupon_code: context.couponCode,
        }),
      },
      on: {
        VIEW_PAYMENT: { target: 'payment', actions: assign({ flow: 'direct' }) },
        PLACE_ORDER: { actions: assign(({ event }) => ({ orderId: event.order_id })) },
        BACK_TO_CART: 'cart',
      },
    },
    payment: {
      entry: {
        type: 'report',
        params: ({ context }) => ({ name: 'payment_initiated', items: context.items, value: context.value, order_id: context.orderId }),
      },
      on: {
        SELECT_PAYMENT: { target: 'paymentInfo', actions: assign(({ event }) => ({ paymentMethod: event.payment_method })) },
        PLACE_ORDER: { actions: assign(({ event }) => ({ orderId: event.order_id })) },
      },
    },
    paymentInfo: {
      entry: {
        type: 'report',
        params: ({ context }) => ({
          name: 'add_payment_info',
          items: context.items,
          value: context.value,
          payment_method: context.paymentMethod ?? 0,
          order_id: context.orderId,
        }),
      },
      on: {
        SELECT_PAYMENT: { target: 'paymentInfo', reenter: true, actions: assign(({ event }) => ({ paymentMethod: event.payment_method })) },
        PLACE_ORDER: {
          target: 'awaitingPayment',
          actions: [
            assign(({ event }) => ({ orderId: event.order_id })),
            {
              type: 'report',
              params: ({ context, event }) => ({
                name: 'order_placed',
                order_id: event.order_id,
                items: context.items,
                value: context.value,
                payment_method: context.paymentMethod,
                coupon_code: context.couponCode,
              }),
            },
          ],
        },
      },
    },
    awaitingPayment: {
      on: {
        PAYMENT_SUCCESS: 'purchased',
        PAYMENT_FAILED: {
          target: 'failed',
          actions: {
            type: 'report',
            params: ({ context, event }) => ({
              name: 'payment_failed',
              order_id: context.orderId ?? 'NA',
              path: context.flow === 'direct' ? 'direct' : 'retry',
              reason: event.reason,
            }),
          },
        },
      },
    },
    failed: {
      on: { RETRY: { target: 'payment', actions: assign({ flow: 'otherwise' }) } },
    },
    purchased: {
      type: 'final',
      entry: {
        type: 'report',
        params: ({ context }) => ({
          name: 'purchase',
          order_id: context.orderId ?? 'NA',
          items: context.items,
          value: context.value,
          payment_method: context.paymentMethod,
          coupon_code: context.couponCode,
          path: context.flow === 'direct' ? 'direct' : 'retry',
        }),
      },
    },
  },
});
