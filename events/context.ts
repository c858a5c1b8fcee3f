// Pure reporting rules of SPEC §2, §3, §4 and §9 that give every event its context.

import { formatIndiaDateTime } from '../schemas/dates.ts';

export type PageType =
  | 'home_page'
  | 'product_listing_page'
  | 'product_detail_page'
  | 'sale_page'
  | 'search_page'
  | 'offers_page'
  | 'thankyou_page'
  | 'cart_page'
  | 'wishlist_page'
  | 'order_confirmation_page'
  | 'payment_page'
  | 'address_page'
  // SPEC §2 "other names seen", spelt as the spec spells them (spaces as underscores).
  | 'order-failed'
  | 'category_page'
  | 'brand_landing_page'
  | 'login'
  | 'OTP'
  | 'register'
  | 'register-info'
  | 'retailer_program'
  | 'store_locator'
  | 'other_page';

export type SourcePage =
  | 'home_page'
  | 'brand_page'
  | 'listing_page'
  | 'product_page'
  | 'offers'
  | 'support'
  | 'help_center'
  | 'cart'
  | 'other';

export type NewCustomer = 'yes' | 'no' | 'NA';

/** What every event carries, fixed when the page or the user changes (not per event). */
export interface EventContext {
  url: string;
  path: string;
  page_type: PageType;
  /** SPEC §2: a URL containing /preview/ suppresses some events. */
  preview: boolean;
  /** SPEC §9: 'mobile-web' when the user agent contains Mobile. */
  source: 'web' | 'mobile-web';
  login_status: 'logged_in' | 'non_logged_in';
  // SPEC §3 "user in events": user_id, user_name, user_mobile, user_email, last_order, each 'NA' for a guest
  // or an unknown value (SPEC §5). Providers that need them hashed hash them (server-conversions, search-insights).
  /** Customer id as text, or 'NA'. */
  user_id: string;
  user_name: string;
  user_mobile: string;
  user_email: string;
  /** 'DD-MM-YYYY HH:mm:ss' in India time, or 'NA' (no order yet, a guest, or a malformed date). */
  last_order: string;
  /** The name split for providers that take first and last names (marketing automation). */
  user_first_name: string;
  user_last_name: string;
  new_customer: NewCustomer;
  /** SPEC §2: where the shopper came from before sign-in / register. */
  login_source_page: SourcePage;
  /** Path of the previous page ('' when none): the payment flow is direct after /order-confirmation. */
  previous_path: string;
}

const pathOf = (url: string): string => {
  if (url.startsWith('/')) return url.split(/[?#]/)[0] || '/';
  try {
    return new URL(url).pathname || '/';
  } catch {
    return '/';
  }
};

// Order matters: /product-category before /product, the wishlist before the account area.
const PAGE_RULES: [string, PageType][] = [
  ['/account/wishlist', 'wishlist_page'],
  ['/order-successfull', 'thankyou_page'],
  ['/order-failed', 'order-failed'],
  ['/order-confirmation', 'order_confirmation_page'],
  ['/offers-coupons', 'offers_page'],
  ['/product-category', 'product_listing_page'],
  ['/brand', 'product_listing_page'],
  ['/product', 'product_detail_page'],
  ['/sale', 'sale_page'],
  ['/search', 'search_page'],
  ['/cart', 'cart_page'],
  ['/payment', 'payment_page'],
  ['/retry-payment', 'payment_page'],
  ['/pending-payment', 'payment_page'],
  ['/add-new-address', 'address_page'],
  ['/select-address', 'address_page'],
  ['/my-account', 'login'],
  ['/all-categories', 'category_page'],
  ['/landing', 'brand_landing_page'],
  ['/retailer-details', 'retailer_program'],
  ['/store-locator', 'store_locator'],
];

/** SPEC §2 page classification by URL (path prefix; case-insensitive so /account/wishList matches). */
export function classifyPage(url: string): PageType {
  const path = pathOf(url).toLowerCase();
  if (path === '/' || path === '') return 'home_page';
  for (const [prefix, type] of PAGE_RULES) if (path.startsWith(prefix)) return type;
  return 'other_page';
}

/**
 * SPEC §2: the sign-in page's steps are pages of their own in reports, though they share /my-account: an OTP
 * event is on the OTP page, a registration on register, the profile completion (the details a sign-up still
 * lacks) on register-info, the sign-in itself on login. Any other event is on the page its URL names.
 */
const STEP_PAGES: Readonly<Record<string, PageType>> = {
  user_login: 'login',
  register_failed: 'register',
  user_register: 'register',
  profile_completed: 'register-info',
};

/** The page an event is reported on: its sign-in step's page (every `otp_*` and `login_*` event too), else the URL's. */
export const eventPage = (eventName: string, pageType: PageType): PageType =>
  eventName.startsWith('otp_') ? 'OTP' : eventName.startsWith('login_') ? 'login' : (STEP_PAGES[eventName] ?? pageType);

const SOURCE_RULES: [string, SourcePage][] = [
  ['/brand', 'brand_page'],
  ['/all-categories', 'listing_page'],
  ['/search', 'listing_page'],
  ['/product-category', 'listing_page'],
  ['/product', 'product_page'],
  ['/offers-coupons', 'offers'],
  ['/help-center/contact-us', 'support'],
  ['/help-center', 'help_center'],
  ['/cart', 'cart'],
];

/** SPEC §2 login/register source page from the previous URL. */
export function loginSourcePage(previousUrl: string | null | undefined): SourcePage {
  if (!previousUrl) return 'other';
  const path = pathOf(previousUrl).toLowerCase();
  if (path === '/') return 'home_page';
  for (const [prefix, page] of SOURCE_RULES) if (path.startsWith(prefix)) return page;
  return 'other';
}

export const isPreviewUrl = (url: string): boolean => url.includes('/preview/');

/** SPEC §9 / §6: 'mobile-web' when the user agent contains Mobile. */
export const sourceLabel = (userAgent: string | null | undefined): 'web' | 'mobile-web' =>
  userAgent?.includes('Mobile') ? 'mobile-web' : 'web';

const ORDER_DATE = /^(\d{2})-(\d{2})-(\d{4})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * An order date as epoch ms: 'DD-MM-YYYY HH:mm:ss' (SPEC §3) or ISO. Dates without a zone are India time
 * (SPEC §9: +05:30). Returns null when malformed.
 */
export function parseOrderDate(text: string): number | null {
  const s = text.trim();
  const m = ORDER_DATE.exec(s);
  if (m) {
    const [, dd, mm, yyyy, hh = '00', mi = '00', ss = '00'] = m;
    const iso = `${yyyy}-${mm}-${dd}T${hh}:${mi}:${ss}+05:30`;
    const t = Date.parse(iso);
    // Date.parse rolls 31-02 over to March: reject dates that do not round-trip.
    const check = new Date(t + 330 * 60_000);
    if (Number.isNaN(t) || check.getUTCDate() !== Number(dd) || check.getUTCMonth() + 1 !== Number(mm)) return null;
    return t;
  }
  if (!/^\d{4}-\d{2}-\d{2}/.test(s)) return null;
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(s) ? s : `${s.replace(' ', 'T')}${s.length === 10 ? 'T00:00:00' : ''}+05:30`;
  const t = Date.parse(zoned);
  return Number.isNaN(t) ? null : t;
}

const NEW_CUSTOMER_MONTHS = 6;

/**
 * SPEC §4 new-customer rule: a signed-in customer with no last order, or whose last order is at least
 * 6 months old, is new; a malformed date gives NA; a guest is NA (we cannot know).
 */
export function newCustomer(loggedIn: boolean, lastOrder: string | null | undefined, now: number): NewCustomer {
  if (!loggedIn) return 'NA';
  if (lastOrder == null || lastOrder === '') return 'yes';
  const t = parseOrderDate(lastOrder);
  if (t === null) return 'NA';
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - NEW_CUSTOMER_MONTHS);
  return t <= cutoff.getTime() ? 'yes' : 'no';
}

export interface UserInput {
  loggedIn: boolean;
  userId?: number | string | null;
  name?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  mobile?: string | null;
  /** 'DD-MM-YYYY HH:mm:ss' (SPEC §3) or null. */
  lastOrder?: string | null;
}

export interface PageInput {
  url: string;
  previousUrl?: string | null;
  userAgent?: string | null;
}

/** SPEC §3: last_order as 'DD-MM-YYYY HH:mm:ss' India time, whatever form (that form or ISO) it came in. */
function lastOrderText(text: string | null | undefined): string {
  if (!text) return 'NA';
  const t = parseOrderDate(text);
  return t === null ? 'NA' : formatIndiaDateTime(t);
}

const na = (v: string | number | null | undefined): string => (v === null || v === undefined || v === '' ? 'NA' : String(v));

/** Builds the context snapshot every event of this page and user carries. */
export function buildContext(page: PageInput, input: UserInput, now: number): EventContext {
  // A guest carries no personal data, whatever stale fields the caller passed.
  const user: UserInput = input.loggedIn ? input : { loggedIn: false };
  const path = pathOf(page.url);
  const first = user.firstName ?? user.name?.split(' ')[0] ?? null;
  const last = user.lastName ?? (user.name?.includes(' ') ? user.name.slice(user.name.indexOf(' ') + 1) : null);
  return {
    url: page.url,
    path,
    page_type: classifyPage(page.url),
    preview: isPreviewUrl(page.url),
    source: sourceLabel(page.userAgent),
    login_status: user.loggedIn ? 'logged_in' : 'non_logged_in',
    user_id: user.loggedIn ? na(user.userId) : 'NA',
    user_name: na(user.name),
    user_mobile: na(user.mobile),
    user_email: na(user.email),
    last_order: lastOrderText(user.lastOrder),
    user_first_name: na(first),
    user_last_name: na(last),
    new_customer: newCustomer(user.loggedIn, user.lastOrder, now),
    login_source_page: loginSourcePage(page.previousUrl),
    previous_path: page.previousUrl ? pathOf(page.previousUrl) : '',
  };
}
