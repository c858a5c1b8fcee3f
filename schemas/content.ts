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

// The static meta of each kind of page, named by the routes that show it (`handle.meta` in src/app/routes.tsx, the
// one table of the store's addresses). Kept here rather than in the route table: the table is in the first load
// and these words are not (the server writes the head; the browser loads them with the first page it navigates to).
export const ROUTE_META = {
  home: { title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION, noindex: false },
  account: titled('My Account', 'Your Kasrat account: orders, addresses, wishlist and profile.', true),
  signIn: titled('Login / Register', 'Sign in or create your Kasrat account with your mobile number or email.', true),
  about: titled(
    'About Us',
    'Kasrat sells only authentic sports nutrition and supplements, sourced directly from brands and their authorised importers since 2016.',
  ),
  cart: titled('Cart', undefined, true),
  payment: titled('Payment', undefined, true),
  orderPlaced: titled('Order Placed', undefined, true),
  orderFailed: titled('Order Failed', undefined, true),
  logout: titled('Logout', undefined, true),
  emailVerified: titled('Email Verified', undefined, true),
  cancelDeletion: titled('Cancel Account Deletion', undefined, true),
  search: titled('Search', 'Search authentic supplements across brands and categories.'),
  brands: titled('All Brands', 'Shop authentic supplements from every brand Kasrat carries.'),
  brand: titled('Brand', 'Authentic products from this brand, with certificates.'),
  category: titled('Category', 'Authentic supplements in this category.'),
  allCategories: titled('All Categories'),
  shop: titled('Shop All Products'),
  bestsellers: titled('Bestsellers', 'The supplements shoppers buy most on Kasrat.'),
  top10: titled('Top 10 Products'),
  product: titled('Product'),
  reviews: titled('Reviews', 'Ratings and reviews from verified buyers.'),
  offers: titled('Offers & Coupons', 'Current coupons, bank offers and deals on authentic supplements.'),
  sale: titled('Sale'),
  landing: titled(
    'Authentic Supplements from Brands and Importers',
    'Shop 100% authentic supplements with importer certificates, offers and delivery across India.',
  ),
  // SPEC §6: staff previews are never indexed.
  preview: titled('Preview', undefined, true),
  freebies: titled('Free Gifts'),
  help: titled('Help Centre', 'Order help, returns, payments and contact details for Kasrat customer service.'),
  grievance: titled('Grievance Redressal', 'Our grievance officer, and how to file a complaint and follow it to its answer.'),
  storeLocator: titled(
    'Store Locator',
    'Find a Kasrat store near you: addresses, opening hours, phone numbers and directions in cities across India.',
  ),
  authenticity: titled('Check Authenticity', 'Verify your product with its authenticity code, importer and brand certificates.'),
  importers: titled(
    'Authorised Importers',
    'The importers who bring international supplement brands to Kasrat, with licences and certificates.',
  ),
  importer: titled('Importer Certificates', 'Brand certificates and import licence of this authorised importer.'),
  affiliate: titled('Affiliate Programme', 'Recommend authentic supplements and earn on every delivered order you refer.'),
  retailer: titled(
    'Retailer Programme',
    'Sell authentic supplements at your gym, store or pharmacy: apply to the Kasrat retailer programme.',
  ),
  unsubscribe: titled('Unsubscribe', undefined, true),
  funnel: titled('Checkout Funnel', undefined, true),
  operations: titled('Operations', undefined, true),
  error: titled('Something went wrong', undefined, true),
  maintenance: titled('Under Maintenance', undefined, true),
  noInternet: titled('No Internet', undefined, true),
  fileNotFound: titled('File Not Found', undefined, true),
  notFound: titled('Page Not Found', undefined, true),
} satisfies Record<string, PageMeta>;

/** The name of a kind of page's static meta (a route's `handle.meta`). */
export type RouteMetaName = keyof typeof ROUTE_META;

/**
 * The meta of a page module's default route, by the module's name (`catalogue/pages/Home` is `Home`): a route of
 * src/app/routes.tsx says `meta` only where it differs (a named export, a staff preview). Kept beside the words, off
 * the first load, for the same reason as they are.
 */
export const PAGE_MODULE_META: Readonly<Record<string, RouteMetaName>> = {
  Home: 'home',
  Brands: 'brands',
  BrandPage: 'brand',
  CategoryPage: 'category',
  Shop: 'shop',
  Bestseller: 'bestsellers',
  Top10: 'top10',
  AllCategories: 'allCategories',
  ProductPage: 'product',
  Search: 'search',
  OffersCoupons: 'offers',
  Sale: 'sale',
  HomePreview: 'preview',
  Landing: 'landing',
  Freebies: 'freebies',
  HelpCenter: 'help',
  Grievance: 'grievance',
  StoreLocatorPage: 'storeLocator',
  AuthenticityPage: 'authenticity',
  ImporterPage: 'importer',
  RetailerDetailsPage: 'retailer',
  UnsubscribePage: 'unsubscribe',
  AffiliatePage: 'affiliate',
  About: 'about',
  ErrorPage: 'error',
  Maintenance: 'maintenance',
  NoInternet: 'noInternet',
  FileNotFound: 'fileNotFound',
  NotFound: 'notFound',
  Funnel: 'funnel',
  ProductReviewsPage: 'reviews',
  BrandReviewsPage: 'reviews',
  AllReviewsPage: 'reviews',
  AfterRatePage: 'reviews',
  RateProductPage: 'reviews',
  UpdateRatingPage: 'reviews',
  OrderSuccess: 'orderPlaced',
  OrderFailed: 'orderFailed',
  EmailVerified: 'emailVerified',
  CancelDeleteAccount: 'cancelDeletion',
  CatchAll: 'notFound',
  Logout: 'logout',
  MyAccount: 'signIn',
  Console: 'operations',
};

/** A sale page's title and description (SPEC §2 page meta), the same in the server HTML and after navigation. */
export function saleMeta(saleTitle: string): PageMeta {
  return {
    title: `${saleTitle} – authentic supplements at sale prices | ${STORE_NAME}`,
    description: `${saleTitle} on ${STORE_NAME}: blockbuster offers, budget buys and deals on favourite brands, all 100% authentic.`,
  };
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
