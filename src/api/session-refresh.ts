// SPEC §4: the session is re-fetched on route change and after cart persistence, order confirmation, payment
// initiation, pay on delivery, an email or mobile change, a placed order with status 1, and the place-order
// permission with payment. The calls are recognised by path, so no page has to remember to ask.

const ALWAYS = [
  '/api/cart/persist-cart',
  '/api/order-confirmation/order-details',
  '/api/payment/initate-transaction',
  '/api/payment/pay-on-delivery',
  '/api/order-confirmation/place-order',
];
const ON_SUCCESS = [
  '/api/myAccount/update-email',
  '/api/myAccount/update-mobile',
  '/api/myAccount/post-profile-values',
  '/api/payment/place-order',
];

/** True when a finished call is one of the SPEC §4 triggers. */
export function isSessionRefreshTrigger(url: string | undefined, body: unknown): boolean {
  if (!url) return false;
  const path = url
    .split('?')[0]
    .replace(/^https?:\/\/[^/]+/, '')
    .replace(/\/$/, '');
  if (ALWAYS.includes(path)) return true;
  return ON_SUCCESS.includes(path) && (body as { status?: unknown } | null)?.status === 1;
}
