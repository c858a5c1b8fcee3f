// Page meta and structured data (SPEC §2, §9), shared by the server (HTML it sends) and the app (navigation).

export const STORE_NAME = 'Kasrat';
export const DEFAULT_TITLE = "Kasrat – India's #1 Authentic Supplement Store | Sports Nutrition & Health";
export const DEFAULT_DESCRIPTION =
  'Buy 100% authentic whey protein, mass gainers, creatine, pre-workouts, vitamins and health supplements online in India. Sourced directly from brands and authorised importers, with authenticity certificates.';

export interface PageMeta {
  title: string;
  description: string;
  /** Pages that should not be indexed (account, cart, error pages). */
  noindex?: boolean;
  /** Extra structured data for this page (a product, its breadcrumb trail), written into the server HTML. */
  jsonLd?: Array<Record<string, unknown>>;
}

const titled = (title: string, description = DEFAULT_DESCRIPTION, noindex = false): PageMeta => ({
  title: `${title} | ${STORE_NAME}`,
  description,
  noindex,
});

// Ordered: the first matching pattern wins.
const PAGE_META: Array<[RegExp, PageMeta]> = [
  [/^\/$/, { title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION }],
  [/^\/account(\/|$)/, titled('My Account', 'Your Kasrat account: orders, addresses, wishlist and profile.', true)],
  [/^\/my-account\/?$/, titled('Login / Register', 'Sign in or create your Kasrat account with your mobile number or email.', true)],
  [
    /^\/about\/?$/,
    titled(
      'About Us',
      'Kasrat sells only authentic sports nutrition and supplements, sourced directly from brands and their authorised importers since 2016.',
    ),
  ],
  [/^\/cart\/?$/, titled('Cart', undefined, true)],
  [
    /^\/(order-confirmation|add-new-address|duplicate-order-delete|logout-empty-cart|loggedin-empty-cart)\/?$/,
    titled('Cart', undefined, true),
  ],
  [/^\/(payment|retry-payment|pending-payment)\/?$/, titled('Payment', undefined, true)],
  [/^\/order-successfull\//, titled('Order Placed', undefined, true)],
  [/^\/order-failed\//, titled('Order Failed', undefined, true)],
  [/^\/logout\/?$/, titled('Logout', undefined, true)],
  [/^\/email-verified\/?$/, titled('Email Verified', undefined, true)],
  [/^\/cancel-delete-account\/?$/, titled('Cancel Account Deletion', undefined, true)],
  [/^\/search\/?$/, titled('Search', 'Search authentic supplements across brands and categories.')],
  [/^\/brands\/?$/, titled('All Brands', 'Shop authentic supplements from every brand Kasrat carries.')],
  [/^\/brand\//, titled('Brand', 'Authentic products from this brand, with certificates.')],
  [/^\/product-category\//, titled('Category', 'Authentic supplements in this category.')],
  [/^\/all-categories\/?$/, titled('All Categories')],
  [/^\/shop\/?$/, titled('Shop All Products')],
  [/^\/bestseller\//, titled('Bestsellers', 'The supplements shoppers buy most on Kasrat.')],
  [/^\/top-10\/?/, titled('Top 10 Products')],
  [/^\/product\//, titled('Product')],
  [/\/reviews\//, titled('Reviews', 'Ratings and reviews from verified buyers.')],
  [/^\/offers-coupons\/?$/, titled('Offers & Coupons', 'Current coupons, bank offers and deals on authentic supplements.')],
  [/^\/sale\//, titled('Sale')],
  [
    /^\/landing\/?$/,
    titled(
      'Authentic Supplements from Brands and Importers',
      'Shop 100% authentic supplements with importer certificates, offers and delivery across India.',
    ),
  ],
  // SPEC §6: staff previews are never indexed.
  [/^\/preview\/(home|offers-coupons|sale\/[^/]+)\/?$/, titled('Preview', undefined, true)],
  [/^\/freebies\/?$/, titled('Free Gifts')],
  [/^\/help-center/, titled('Help Centre', 'Order help, returns, payments and contact details for Kasrat customer service.')],
  [
    /^\/store-locator\/?$/,
    titled('Store Locator', 'Find a Kasrat store near you: addresses, opening hours, phone numbers and directions in cities across India.'),
  ],
  [/^\/authenticity\/?/, titled('Check Authenticity', 'Verify your product with its authenticity code, importer and brand certificates.')],
  [
    /^\/importer\/?$/,
    titled('Authorised Importers', 'The importers who bring international supplement brands to Kasrat, with licences and certificates.'),
  ],
  [/^\/importer\//, titled('Importer Certificates', 'Brand certificates and import licence of this authorised importer.')],
  [/^\/affiliate\/?$/, titled('Affiliate Programme', 'Recommend authentic supplements and earn on every delivered order you refer.')],
  [
    /^\/retailer-details\/?$/,
    titled('Retailer Programme', 'Sell authentic supplements at your gym, store or pharmacy: apply to the Kasrat retailer programme.'),
  ],
  [/^\/unsubscribe\/?$/, titled('Unsubscribe', undefined, true)],
  [/^\/analytics\/funnel\/?$/, titled('Checkout Funnel', undefined, true)],
  [/^\/error\/?$/, titled('Something went wrong', undefined, true)],
  [/^\/maintenance\/?$/, titled('Under Maintenance', undefined, true)],
  [/^\/no-internet\/?$/, titled('No Internet', undefined, true)],
  [/^\/filenotfound\/?$/, titled('File Not Found', undefined, true)],
  [/^\/notFound\/?$/, titled('Page Not Found', undefined, true)],
];

/** A sale page's title and description (SPEC §2 page meta), the same in the server HTML and after navigation. */
export function saleMeta(saleTitle: string): PageMeta {
  return {
    title: `${saleTitle} – authentic supplements at sale prices | ${STORE_NAME}`,
    description: `${saleTitle} on ${STORE_NAME}: blockbuster offers, budget buys and deals on favourite brands, all 100% authentic.`,
  };
}

export function pageMeta(pathname: string): PageMeta {
  for (const [pattern, meta] of PAGE_META) if (pattern.test(pathname)) return meta;
  return titled('Page Not Found', undefined, true);
}

/** True when a path is one the app knows (anything else renders the catch-all page with a 404). */
export function isKnownPath(pathname: string): boolean {
  return PAGE_META.some(([pattern]) => pattern.test(pathname));
}

export function organizationJsonLd(origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: STORE_NAME,
    url: `${origin}/`,
    logo: `${origin}/logo.svg`,
    foundingDate: '2016-12',
    address: {
      '@type': 'PostalAddress',
      streetAddress: '3rd Floor, 14 Community Centre, Saket',
      addressLocality: 'New Delhi',
      addressRegion: 'Delhi',
      postalCode: '110017',
      addressCountry: 'IN',
    },
    contactPoint: [
      {
        '@type': 'ContactPoint',
        telephone: '+91-11-4000-1234',
        email: 'care@kasrat.test',
        contactType: 'customer service',
        areaServed: 'IN',
        availableLanguage: ['English', 'Hindi'],
      },
    ],
  };
}

export function websiteJsonLd(origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: STORE_NAME,
    url: `${origin}/`,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${origin}/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}
