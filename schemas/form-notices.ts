// The storefront's plain HTML forms (docs/decisions/017): a form the server answers sends the shopper back to the
// page with `?notice=<code>`, and the page shows the message of that code. Codes, not text, travel in the address:
// a link from elsewhere can only make the store say one of its own sentences. Zod-free: the browser imports it.

/** The query parameter a form's answer carries back to the page. */
export const NOTICE_PARAM = 'notice';

export const FORM_NOTICES = {
  added: { tone: 'success', text: 'Added to cart' },
  updated: { tone: 'success', text: 'Cart updated' },
  removed: { tone: 'success', text: 'Removed from cart' },
  'out-of-stock': { tone: 'error', text: 'Sorry, not enough units of this product are in stock.' },
  'quantity-limit': { tone: 'error', text: 'You have reached the most units of this product one order may hold.' },
  'cart-full': { tone: 'error', text: 'Your cart is full. Remove a product to add another.' },
  unavailable: { tone: 'error', text: 'This product is no longer available.' },
  invalid: { tone: 'error', text: 'Please choose a product and a quantity.' },
  failed: { tone: 'error', text: 'Something went wrong. Please try again.' },
} as const satisfies Record<string, { tone: 'success' | 'error'; text: string }>;

export type FormNoticeCode = keyof typeof FORM_NOTICES;

/** The notice a page address carries, or null for none or an unknown code. */
export function formNoticeOf(search: URLSearchParams): (typeof FORM_NOTICES)[FormNoticeCode] | null {
  const code = search.get(NOTICE_PARAM);
  return code && Object.hasOwn(FORM_NOTICES, code) ? FORM_NOTICES[code as FormNoticeCode] : null;
}

/** The form actions the server answers (server/modules/storefront-forms), named once for pages and server. */
export const FORM_ACTIONS = {
  addToCart: '/cart/add',
  updateCart: '/cart/update',
  removeFromCart: '/cart/remove',
} as const;

/** `path` (a same-site path with its query) with the notice set, any earlier one replaced. */
export function withNotice(path: string, code: FormNoticeCode): string {
  const url = new URL(path, 'http://x');
  url.searchParams.set(NOTICE_PARAM, code);
  return `${url.pathname}${url.search}${url.hash}`;
}
