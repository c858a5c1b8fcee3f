import type { EventItem } from '../../../events/index.ts';
import type { CartAddressListResponse } from '../../../schemas/account.ts';
import { IDEMPOTENCY_HEADER } from '../../../schemas/constants.ts';
import type {
  DeliverHereResponse,
  OrderDetailsData,
  OrderDetailsResponse,
  OrderSuccessData,
  OrderSuccessResponse,
  PlaceOrderResponse,
} from '../../../schemas/order.ts';
import type {
  ActivePaymentResponse,
  OfferListResponse,
  PaymentFailedResponse,
  PaymentResultResponse,
  PaymentStateResponse,
  SavedCardsResponse,
  TransactionResponse,
} from '../../../schemas/payment.ts';
import type { PaymentInstrumentType } from '../../../schemas/cart.ts';
import type { BannerDataResponse } from '../../../schemas/catalogue.ts';
import type { CheckoutServices, PricedOrder } from '../../../machines/checkout-funnel.ts';
import { get, post } from '../../api/client.ts';
import { lineToEventItem } from '../cart/index.ts';

// The checkout and payment calls of SPEC §7, each answer checked with the schema the server answers with.

const q = (params: Record<string, string | null | undefined>) => {
  const p = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => Boolean(e[1])));
  return p.size ? `?${p}` : '';
};

/** The re-priced order as the funnel keeps it: its lines as event items, mapped by the cart's own mapper. */
export const pricedOrder = (details: OrderDetailsData): PricedOrder => ({
  details,
  items: details.cart_data.map((l) => lineToEventItem(l)),
});

/**
 * The name of the re-priced order among a server render's shopper answers (src/api/prefetch.ts): the confirmation
 * page is rendered from the cart and the address the server holds, and the tab's funnel adopts it on a reload.
 */
export const RENDERED_ORDER = 'order-details';

/** The order as the server prices it now, without the quote the shopper saw (nothing to compare on a first view). */
export const loadRenderedOrder = async (): Promise<OrderDetailsData> => (await checkoutApi.orderDetails(null)).data;

/** Shipment lines of a stored order as event items (the server's prices; gifts flagged for the pipeline). */
export function orderItems(order: OrderSuccessData): EventItem[] {
  return order.shipments.flatMap((s) =>
    s.shipment_items.map((i) => ({
      variant_id: i.variant_id,
      product_id: i.parent_id || i.product_id,
      sku: i.variant_sku,
      name: i.name,
      brand: i.brand,
      category: i.category_name,
      cat_hierarchy: i.cat_hierachy.map((c) => c.value).slice(0, 10),
      mrp: i.mrp,
      sale_price: i.sale_price,
      quantity: Math.max(1, i.quantity),
      is_freebie: i.is_freebie,
      swatch: i.swatch ?? undefined,
    })),
  );
}

export const checkoutApi = {
  cartAddresses: () => get<typeof CartAddressListResponse>('/api/myAddress/cart-address-list'),
  deliverHere: (address_id: number) => post<typeof DeliverHereResponse>('/api/select-address/deliver-here', { address_id }),
  orderDetails: (quote: string | null) => get<typeof OrderDetailsResponse>(`/api/order-confirmation/order-details${q({ quote })}`),
  // SPEC §7 place-order from the confirmation page; the key makes a repeated click answer the same order.
  placeOrder: (quote: string | null, idempotencyKey: string) =>
    get<typeof PlaceOrderResponse>(`/api/order-confirmation/place-order${q({ quote })}`, {
      headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    }),
  activePayment: (orderId: string) => get<typeof ActivePaymentResponse>(`/api/payment/active-payment${q({ orderId })}`),
  // The amount to pay with an instrument and the offers under each method (the server's one rule).
  offerList: (orderId: string, i: { instrument?: PaymentInstrumentType; bank?: string; wallet?: string; card_bin?: string } = {}) =>
    get<typeof OfferListResponse>(`/api/payment/offer-list${q({ orderId, ...i })}`),
  initiateTransaction: (body: Parameters<CheckoutServices['startTransaction']>[0]) =>
    post<typeof TransactionResponse>(body.retry ? '/api/payment/retry-payment' : '/api/payment/initate-transaction', {
      order_id: body.order_id,
      payment_method: body.payment_method,
      instrument: body.instrument,
      ...(body.saved_card_id !== undefined ? { saved_card_id: body.saved_card_id } : {}),
    }),
  // Saved cards (docs/decisions/024-saved-cards.md): the shopper's own, removed at the gateway first.
  savedCards: () => get<typeof SavedCardsResponse>('/api/payment/saved-cards'),
  deleteSavedCard: (id: number) => post<typeof SavedCardsResponse>('/api/payment/delete-saved-card', { id }),
  payOnDelivery: (order_id: string) => post<typeof PaymentResultResponse>('/api/payment/pay-on-delivery', { order_id }),
  verifyTransaction: (order_id: string) => post<typeof PaymentResultResponse>('/api/payment/verify-transaction', { order_id }),
  /** SPEC §4.7: where an order's payment stands (no order: the one waiting for payment), from the server. */
  paymentState: (orderId?: string) => get<typeof PaymentStateResponse>(`/api/payment/payment-state${q({ orderId })}`),
  paymentFailed: (orderId: string) => get<typeof PaymentFailedResponse>(`/api/payment/payment-failed${q({ orderId })}`),
  // SPEC §2 thank-you banners: the offers' banner data, shown on the order-success page.
  // Optional decoration: a 404 hides the banners rather than leaving the page.
  bannerData: () => get<typeof BannerDataResponse>('/api/offers/banner-data'),
  orderSuccess: (orderId: string) => get<typeof OrderSuccessResponse>(`/api/order-success/order-success-data${q({ orderId })}`),
};

/** The funnel machine's calls, answered by the API. */
export const checkoutServices: CheckoutServices = {
  loadAddresses: async () => (await checkoutApi.cartAddresses()).data,
  deliverHere: async ({ address_id }) => (await checkoutApi.deliverHere(address_id)).data,
  loadOrderDetails: async ({ quote }) => pricedOrder((await checkoutApi.orderDetails(quote)).data),
  placeOrder: async ({ quote, idempotencyKey }) => (await checkoutApi.placeOrder(quote, idempotencyKey)).data,
  loadPaymentMethods: async ({ orderId }) => (await checkoutApi.activePayment(orderId)).data,
  startTransaction: async (input) => (await checkoutApi.initiateTransaction(input)).data,
  payOnDelivery: async ({ order_id }) => (await checkoutApi.payOnDelivery(order_id)).data,
  verifyTransaction: async ({ order_id }) => (await checkoutApi.verifyTransaction(order_id)).data,
  loadPaymentFailure: async ({ orderId }) => (await checkoutApi.paymentFailed(orderId)).data,
  loadPaymentState: async ({ orderId }) => (await checkoutApi.paymentState(orderId)).data,
  loadOrderSuccess: async ({ orderId }) => {
    const { data } = await checkoutApi.orderSuccess(orderId);
    return { order: data, items: orderItems(data) };
  },
};
