import { getShortestPaths } from '@xstate/graph';
import type { EventItem } from '../../events/index.ts';
import { checkoutFunnelMachine, type CheckoutServices, type FunnelContext, type FunnelEvent } from '../../machines/checkout-funnel.ts';
import type { CartAddress } from '../../schemas/account.ts';
import { type CartLine, priceMetaList } from '../../schemas/cart.ts';
import type { DeliverHereData, OrderDetailsData, OrderSuccessData, PlaceOrderData } from '../../schemas/order.ts';
import type { ActivePaymentData, PaymentFailedData, PaymentResultData, PaymentStateData, TransactionData } from '../../schemas/payment.ts';
import { answeringServices, done, error } from './model-paths.ts';

export { describePath, isServiceStep } from './model-paths.ts';

// The model of the checkout funnel for path generation: the shopper's moves, and every answer of
// every call as an `xstate.done.actor.*` / `xstate.error.actor.*` event, one per branch.

export const ORDER_ID = 'KS100001';

export const address = (over: Partial<CartAddress> = {}): CartAddress => ({
  address_id: 11,
  full_name: 'Asha Rao',
  mobile: '9123456789',
  c_code: '+91',
  email: null,
  pincode: '560001',
  address: '12 MG Road, Shanthala Nagar',
  landmark: null,
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  address_type: 2,
  address_type_name: 'HOME',
  is_default: true,
  serviceable: true,
  cod_available: true,
  ...over,
});
export const FAR_AWAY = address({
  address_id: 12,
  full_name: 'Ravi Rao',
  pincode: '194101',
  city: 'Leh',
  state: 'Ladakh',
  is_default: false,
  serviceable: false,
  cod_available: false,
});

export const line = (over: Partial<CartLine> = {}): CartLine => ({
  id: 1,
  variant: 7,
  variant_id: 7,
  variant_name: 'Whey Protein - 1 kg / Chocolate',
  variant_sku: 'AAWHEY0000101',
  variant_meta: {
    sku: 'AAWHEY0000101',
    parent_sku: 'AAWHEY00001PA',
    name: 'Whey Protein - 1 kg / Chocolate',
    parent_name: 'Whey Protein',
    brand_name: 'Apex',
    category_name: 'Whey Protein',
    cat_hierachy: [{ key: 'whey-protein', value: 'Whey Protein' }],
    regular_price: 329_900,
    sale_price: 279_900,
    swatch: [{ key: 'pa_weight', value: '1 kg' }] as never,
  },
  quantity: 1,
  sale_price: 279_900,
  mrp: 329_900,
  is_freebie: false,
  freebie_id: null,
  product_id: 3,
  parent_id: 3,
  brand: 'Apex',
  catgeory: 'Whey Protein',
  thumbnail_image: '/images/product/7.svg',
  price_before_tax: 279_900,
  slug: 'whey-protein',
  url: '/product/whey-protein/?pId=3&vId=7',
  stock_status: 'in_stock',
  max_quantity: 10,
  notice: null,
  ...over,
});

export const CART_ITEMS: EventItem[] = [
  { variant_id: 7, product_id: 3, sku: 'AAWHEY0000101', name: 'Whey Protein', mrp: 329_900, sale_price: 279_900, quantity: 1 },
  { variant_id: 90, product_id: 90, sku: 'FREE-SHAKER-01', name: 'Shaker', mrp: 0, sale_price: 0, quantity: 1, is_freebie: true },
];

const details: OrderDetailsData = {
  cart_id: '11111111-2222-4333-8444-555555555555',
  cart_data: [line()],
  price_meta: priceMetaList({
    total_mrp: 329_900,
    discount_on_mrp: 50_000,
    subtotal: 279_900,
    coupon_discount: 0,
    delivery_charges: 0,
    total_payable: 279_900,
  }),
  coupon_code: null,
  address: address(),
  serviceable: true,
  cod_available: true,
  blocking: [],
  quote: 'v1~~0~279900~7.1.279900.p',
  total: 279_900,
};

const methods: ActivePaymentData = {
  order_id: ORDER_ID,
  amount: 279_900,
  status: 'payment_pending',
  expires_at: null,
  gateway: 'sandbox',
  methods: [
    { code: 1, name: 'UPI', instrument: 'upi', available: true, reason: null, options: ['Google Pay', 'PhonePe'] },
    { code: 2, name: 'Debit & Credit Cards', instrument: 'card', available: true, reason: null, options: [] },
    { code: 3, name: 'Net Banking', instrument: 'netbanking', available: true, reason: null, options: ['HDFC Bank'] },
    { code: 6, name: 'Wallets', instrument: 'wallet', available: true, reason: null, options: ['Paytm'] },
    { code: 4, name: 'Pay on delivery', instrument: null, available: true, reason: null, options: [] },
  ],
};

const transaction: TransactionData = {
  order_id: ORDER_ID,
  payment_ref: 'sbx_1',
  attempt: 1,
  amount: 279_900,
  bank_offer_discount: 0,
  gateway: 'sandbox',
  redirect: { url: '/api/payment/sandbox/checkout?ref=sbx_1', method: 'GET', fields: {} },
};

const result = (payment_status: PaymentResultData['payment_status']): PaymentResultData => ({
  order_id: ORDER_ID,
  order_status: payment_status === 'success' ? 'confirmed' : payment_status === 'pending' ? 'payment_pending' : 'payment_failed',
  payment_status,
  payment_method: 1,
  next: `/order-successfull/${ORDER_ID}`,
});

const failure: PaymentFailedData = {
  order_id: ORDER_ID,
  order_status: 'payment_failed',
  amount: 279_900,
  reason: 'Declined by the bank',
  last_method: 2,
  can_retry: true,
  expires_at: null,
  next: `/retry-payment?orderId=${ORDER_ID}`,
};

export const successOrder: OrderSuccessData = {
  globalOrderId: ORDER_ID,
  paymentMethod: 1,
  shipments: [
    {
      shipment_id: `${ORDER_ID}-1`,
      shipment_items: [
        {
          variant_id: 7,
          variant_sku: 'AAWHEY0000101',
          product_id: 3,
          quantity: 1,
          mrp: 329_900,
          sale_price: 279_900,
          is_freebie: false,
          brand: 'Apex',
          name: 'Whey Protein',
          swatch: '1 kg',
          category_name: 'Whey Protein',
          cat_hierachy: [{ key: 'whey-protein', value: 'Whey Protein' }],
          parent_id: 3,
        },
      ],
      shipping_total: 0,
      postcode: '560001',
      state: 'Karnataka',
      city: 'Bengaluru',
      customer_email: 'asha@kasrat.test',
      address: {
        customer_address_city: 'Bengaluru',
        customer_address_state: 'Karnataka',
        customer_address_country: 'India',
        customer_address_full_name: 'Asha Rao',
        customer_address_email: null,
        customer_address_phone: '9123456789',
        customer_address_line: '12 MG Road',
        customer_address_pincode: '560001',
      },
    },
  ],
  order: {
    coupon_code: null,
    total: 279_900,
    shipping_total: 0,
    coupon_discount: 0,
    bank_offer_discount: 0,
    paid_total: 279_900,
    created_at: '2025-01-01T10:00:00+05:30',
    customer_first_name: 'Asha',
    customer_last_name: 'Rao',
    customer_email: 'asha@kasrat.test',
    customer_mobile: '9123456789',
    display_payment_method: 'Prepaid (UPI)',
    status: 'confirmed',
  },
  purchase: {
    event_id: ORDER_ID,
    value: 279_900,
    shipping: 0,
    coupon: null,
    payment_method: 1,
    payment_mode: 'Prepaid',
    is_new_customer: true,
    num_items: 1,
  },
};

/** SPEC §4.7: the server's answer about the order being paid, one per state. */
export const paymentStateOf = (state: PaymentStateData['state'], attempts = 1): PaymentStateData => ({
  order_id: ORDER_ID,
  state,
  order_status: state === 'paid' ? 'placed' : state === 'awaiting_payment' || state === 'confirming' ? 'payment_pending' : state,
  amount: 279_900,
  expires_at: null,
  attempts,
  last_attempt: attempts === 0 ? null : state === 'confirming' ? 'pending' : 'created',
  message: `the order is ${state}`,
  next: `/payment?orderId=${ORDER_ID}`,
});

export const ANSWERS = {
  addresses: [address(), FAR_AWAY],
  noAddresses: [] as CartAddress[],
  deliverHere: {
    address: address(),
    serviceable: true,
    cod_available: true,
    quote: details.quote,
    next: '/order-confirmation',
  } as DeliverHereData,
  details: { details, items: [CART_ITEMS[0]] },
  placed: {
    order_id: ORDER_ID,
    status: 'payment_pending',
    amount: 279_900,
    expires_at: null,
    next: `/payment?orderId=${ORDER_ID}`,
  } as PlaceOrderData,
  methods,
  transaction,
  paid: result('success'),
  declined: result('failed'),
  stillPending: result('pending'),
  failure,
  success: { order: successOrder, items: [CART_ITEMS[0]] },
  awaiting: paymentStateOf('awaiting_payment'),
  neverTried: paymentStateOf('awaiting_payment', 0),
  gatewayDeciding: paymentStateOf('confirming'),
  alreadyPaid: paymentStateOf('paid'),
  expired: paymentStateOf('expired'),
};

export const CHANGED_MESSAGE = 'The price of Whey Protein changed from ₹2,799 to ₹2,999.';
export const ERRORS = {
  network: {
    message: 'Unable to connect. Please check your internet connection.',
    response: { status: 500, data: { message: 'Unable to connect. Please check your internet connection.' } },
  },
  cartChanged: { message: CHANGED_MESSAGE, response: { status: 409, data: { message: CHANGED_MESSAGE } } },
  notServiceable: {
    message: 'We do not deliver to 194101 yet',
    response: { status: 422, data: { message: 'We do not deliver to 194101 yet' } },
  },
  notFound: { message: 'Order not found', response: { status: 404, data: { message: 'Order not found' } } },
  codRefused: {
    message: 'Pay on delivery is available for orders up to ₹5,000',
    response: { status: 422, data: { message: 'Pay on delivery is available for orders up to ₹5,000' } },
  },
};

/** Shopper (page) moves. */
export const USER_EVENTS: FunnelEvent[] = [
  { type: 'VIEW_CART', items: CART_ITEMS, value: 279_900, quote: 'v1~~0~279900~7.1.279900.p_90.1.0.f' },
  { type: 'VIEW_CART', items: [], value: 0, quote: null },
  { type: 'BEGIN_CHECKOUT' },
  { type: 'SELECT_ADDRESS', address_id: 11 },
  { type: 'DELIVER_HERE' },
  { type: 'ADD_ADDRESS' },
  { type: 'ADDRESS_SAVED', address_id: 11 },
  { type: 'CANCEL_ADD_ADDRESS' },
  { type: 'CHANGE_ADDRESS' },
  { type: 'PLACE_ORDER' },
  { type: 'SELECT_METHOD', payment_method: 1 },
  { type: 'SELECT_METHOD', payment_method: 4 },
  { type: 'PAY' },
  { type: 'CONFIRM_ORDER', order_id: ORDER_ID },
  { type: 'PAYMENT_FAILED', order_id: ORDER_ID },
  { type: 'PAYMENT_PENDING', order_id: ORDER_ID },
  { type: 'RETRY' },
  { type: 'RELOAD' },
  { type: 'OPEN_PAYMENT', order_id: ORDER_ID },
  { type: 'OPEN_PAYMENT', order_id: ORDER_ID, resumed: true },
  { type: 'OPEN_PAYMENT' },
];

/** Every answer of every call, one per branch. */
export const SERVICE_EVENTS = [
  done('loadAddresses', ANSWERS.addresses, 'two'),
  error('loadAddresses', ERRORS.network, 'network'),
  done('deliverHere', ANSWERS.deliverHere, 'ok'),
  error('deliverHere', ERRORS.notServiceable, 'notServiceable'),
  done('loadOrderDetails', ANSWERS.details, 'priced'),
  error('loadOrderDetails', ERRORS.cartChanged, 'cartChanged'),
  error('loadOrderDetails', ERRORS.network, 'network'),
  done('placeOrder', ANSWERS.placed, 'placed'),
  error('placeOrder', ERRORS.cartChanged, 'cartChanged'),
  error('placeOrder', ERRORS.network, 'network'),
  done('loadPaymentMethods', ANSWERS.methods, 'methods'),
  error('loadPaymentMethods', ERRORS.network, 'network'),
  done('startTransaction', ANSWERS.transaction, 'redirect'),
  error('startTransaction', ERRORS.network, 'network'),
  done('payOnDelivery', ANSWERS.paid, 'placed'),
  error('payOnDelivery', ERRORS.codRefused, 'refused'),
  done('verifyTransaction', ANSWERS.paid, 'paid'),
  done('verifyTransaction', ANSWERS.declined, 'declined'),
  done('verifyTransaction', ANSWERS.stillPending, 'pending'),
  done('loadOrderSuccess', ANSWERS.success, 'order'),
  error('loadOrderSuccess', ERRORS.network, 'network'),
  done('loadPaymentFailure', ANSWERS.failure, 'failure'),
  error('loadPaymentFailure', ERRORS.network, 'network'),
  done('loadPaymentState', ANSWERS.awaiting, 'awaiting'),
  done('loadPaymentState', ANSWERS.neverTried, 'neverTried'),
  done('loadPaymentState', ANSWERS.gatewayDeciding, 'confirming'),
  done('loadPaymentState', ANSWERS.alreadyPaid, 'paid'),
  done('loadPaymentState', ANSWERS.expired, 'expired'),
  done('loadPaymentState', null, 'none'),
  error('loadPaymentState', ERRORS.notFound, 'notFound'),
  error('loadPaymentState', ERRORS.network, 'network'),
] as const;

/** A state is its value plus what its guards read: the payment flow, online or on delivery, whether the outcome is ours. */
export function serializeModelState(snapshot: { value: unknown; context: FunnelContext }): string {
  const c = snapshot.context;
  const method = c.paymentMethod === undefined ? null : c.paymentMethod === 4 ? 'cod' : 'online';
  return JSON.stringify([snapshot.value, c.flow, method, c.reportOutcome]);
}

export function funnelPaths() {
  return getShortestPaths(checkoutFunnelMachine, {
    events: [...USER_EVENTS, ...SERVICE_EVENTS] as never,
    serializeState: serializeModelState as never,
  });
}

const SERVICES: Array<keyof CheckoutServices> = [
  'loadAddresses',
  'deliverHere',
  'loadOrderDetails',
  'placeOrder',
  'loadPaymentMethods',
  'startTransaction',
  'payOnDelivery',
  'verifyTransaction',
  'loadOrderSuccess',
  'loadPaymentFailure',
  'loadPaymentState',
];

/** Services that answer what the path's steps say (see answeringServices). */
export const servicesForPath = (steps: Parameters<typeof answeringServices>[0]) => answeringServices<CheckoutServices>(steps, SERVICES);
