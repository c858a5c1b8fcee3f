import type { RequestOptions } from './client.ts';

// The calls that do not follow SPEC §2 / §8's "any 401 goes to /my-account?sf=true, any 404 goes to /notFound",
// each with its reason; the calls whose 404 stays are SPEC §2.6, with the same reasons (a test compares the two).
// The client (src/api/client.ts) reads this list and nothing else: a feature cannot silence
// a call on its own, so every exception is here, in one place, with the rule that allows it. Only a failed call
// needs it: it loads with the HTTP module (src/api/http.ts), not with the first paint.

/**
 * What a listed call does instead of navigating.
 * - on401 'silent': the error reaches the caller, nothing navigates; 'blank': the same with the message emptied.
 * - on404 'stay': the caller shows the 404; 'section': only when the request says `inSection` (the same call
 *   also loads a page of its own, where a 404 still means the page does not exist).
 */
export interface QuietCall {
  /** The call's path; one ending in '/' covers every path under it. The query string is not part of it. */
  path: string;
  on401?: 'silent' | 'blank';
  on404?: 'stay' | 'section';
}

// Each reason is a comment, not a string: this module loads with every page, and the minifier drops comments.
// A call whose 401 and 404 both reach the caller.
const stays = (path: string): QuietCall => ({ path, on401: 'silent', on404: 'stay' });

export const QUIET_CALLS: readonly QuietCall[] = [
  // SPEC §4: a failed ping leaves the user signed out, on the page they are on.
  { path: '/api/ping', on401: 'silent' },
  // SPEC §4: the sign-in form is where a 401 would send the shopper; a wrong password or OTP is shown on it.
  ...['exists', 'validate', 'otp', 'otp/verify', 'otp/login', 'login', 'login/google', 'register', 'password'].map((p) =>
    stays(`/api/auth/${p}`),
  ),
  // SPEC §2: signing out a session that has already expired is done, not an error.
  { path: '/api/logout/logout-operation', on401: 'silent' },
  // SPEC §6: a wishlist fetch that answers 401 is silent; the save-for-later list is the wishlist's twin.
  { path: '/api/cart/wish-list', on401: 'silent' },
  { path: '/api/cart/save-for-later', on401: 'silent' },
  // SPEC §8: a help-centre 401 blanks the message; the page shows its own sign-in prompt.
  ...['customer-order-list', 'customer-shipment-list', 'phone', 'email'].map(
    (p): QuietCall => ({ path: `/api/help-center/${p}`, on401: 'blank' }),
  ),
  // docs/grievance-redressal.md: the complaint form shows "Order not found." and its own sign-in prompt.
  { path: '/api/help-center/grievances', on401: 'blank', on404: 'stay' },
  // SPEC §7: asked on every product page; a guest is simply not a verified buyer.
  { path: '/api/review/v1/is-user-verified', on401: 'silent', on404: 'stay' },
  // SPEC §2: on the product page these fill the reviews section, which a 404 hides (the product page's own call
  // decides whether the page exists); on the reviews pages the 404 is the page's and goes to /notFound.
  { path: '/api/review/v1/product-aggregate', on404: 'section' },
  { path: '/api/review/v1/product-review-list', on404: 'section' },
  // SPEC §5 / §7: an unknown pincode or IFSC is a form error, an address already deleted a message in the list.
  { path: '/api/myAddress/user-address-delete', on404: 'stay' },
  { path: '/api/myAddress/fetch-address-pincode', on404: 'stay' },
  { path: '/api/myAddress/pincode-serviceability', on404: 'stay' },
  { path: '/api/order/fetch-ifsc-details', on404: 'stay' },
  // SPEC §2: one section of a page, hidden when missing: an importer's brands, a banner, the authenticity
  // panel of the product page, search suggestions typed ahead.
  { path: '/api/importer/brand-list-data', on404: 'stay' },
  { path: '/api/offers/banner-data', on404: 'stay' },
  { path: '/api/product-details/source-product', on404: 'stay' },
  { path: '/api/search/search-suggestion-list', on404: 'stay' },
  // SPEC §4.2: a variant detail reloaded on the product page shows "unable to reset variant data" there.
  { path: '/api/product-details/variant-detail', on404: 'stay' },
  // SPEC §4.7: the payment page says itself that an order is not in this account; the home page's banner asks
  // it of guests too, who simply have no order waiting.
  stays('/api/payment/payment-state'),
  // docs/decisions/019: the staff console signs staff in itself; the shoppers' sign-in page means nothing there.
  stays('/api/ops/'),
  stays('/api/review/v1/ops/'),
  stays('/api/analytics/funnel'),
];

const pathOf = (url: string): string => {
  const path = url.split(/[?#]/)[0] ?? '';
  return path.startsWith('http') ? new URL(path).pathname : path;
};

/** The list's entry for a call's URL, or undefined: an unlisted call follows SPEC §2 / §8. */
export function quietCall(url: string): QuietCall | undefined {
  const path = pathOf(url);
  return QUIET_CALLS.find((c) => (c.path.endsWith('/') ? path.startsWith(c.path) : path === c.path));
}

/** Where an error status sends the shopper (SPEC §2, §8); null means stay. */
export function redirectFor(status: number, url: string, options: Pick<RequestOptions, 'inSection'> = {}): string | null {
  const quiet = quietCall(url);
  if (status === 401 && !quiet?.on401) return '/my-account?sf=true';
  const stays404 = quiet?.on404 === 'stay' || (quiet?.on404 === 'section' && options.inSection === true);
  if (status === 404 && !stays404) return '/notFound';
  if (status === 409 && url.includes('/api/order-confirmation')) return '/cart';
  return null;
}
