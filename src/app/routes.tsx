import type { ComponentType, ReactElement, ReactNode } from 'react';
import { Outlet, type RouteObject } from 'react-router-dom';
import type { RouteMetaName } from '../../schemas/content.ts';
import type { RenderMode } from '../../schemas/server-render.ts';
import { AnalyticsDebug, ConsentGate, syncUser } from '../features/analytics/index.ts';
import { AuthProvider } from '../api/auth.tsx';
import { ToastProvider } from '../ui/Toast.tsx';
import { RouteErrorPage } from './error-page.tsx';
import { MainLayout, mainLayoutLoader } from './layouts/MainLayout.tsx';
import { MetaProvider } from '../ui/meta.tsx';
import type * as AccountLayoutModule from './layouts/AccountLayout.tsx';
import type * as CheckoutLayoutModule from './layouts/CheckoutLayout.tsx';
import type * as DashboardLayoutModule from './layouts/DashboardLayout.tsx';

// Every route of SPEC §2, the one table of the store's addresses: what the server renders and how, and each page's
// meta, are read from here (routeFacts, docs/decisions/010). Pages are lazy chunks: the first load carries only the
// shell.
// A page module may export a `loader`: its pages' data, loaded by the server's handler.query() before the one render.
type PageModule = { default?: ComponentType; loader?: RouteObject['loader'] } & Record<string, unknown>;

/** What a route tells the server; a layout's `render` and `meta` apply to its children unless they say otherwise. */
export interface RouteHandle {
  /** The page's (or layout's) source module, whose chunks the server has the browser preload with the entry. */
  module: string;
  /** How the server sends the page (public when no route of the match says). */
  render?: RenderMode;
  /**
   * The page's static meta (schemas/content.ts ROUTE_META), where it is not its module's (PAGE_MODULE_META): the names
   * stay out of this table, which every first load carries (scripts/budgets.mjs).
   */
  meta?: RouteMetaName;
  /** The catch-all: the address names no page, answered with a 404. */
  notFound?: true;
}

/** What a route declares besides its module. */
type Facts = Omit<RouteHandle, 'module'>;

// The chunks of the modules a server-rendered page hydrates, named by the server (HydrationState.modules): loaded
// from there, the first load needs neither the table of every module's chunk list (src/app/page-modules.ts) nor a
// round trip for it before hydrating (docs/decisions/008).
const serverChunks = new Map<string, string>();

/** Route modules are loaded from these chunk URLs (by source path) rather than through the module table. */
export function setServerChunks(chunks: Readonly<Record<string, string>> | undefined): void {
  for (const [module, url] of Object.entries(chunks ?? {}))
    if (typeof url === 'string' && /^\/assets\/[\w.-]+\.js$/.test(url)) serverChunks.set(module, url);
}

const fromTable = (module: string) => import('./page-modules.ts').then((m) => m.loadModule(module));

/** A route module by its source path; a chunk the server named that fails to load is asked of the table again. */
function loadRouteModule(module: string): Promise<Record<string, unknown>> {
  const url = serverChunks.get(module);
  if (!url) return fromTable(module);
  serverChunks.delete(module);
  return (import(/* @vite-ignore */ url) as Promise<Record<string, unknown>>).catch(() => fromTable(module));
}

/**
 * The route of a page module (`catalogue/pages/Home` is src/features/catalogue/pages/Home.tsx), whose chunks the
 * server has the browser preload with the entry; `guard` wraps the page in its route guard, `name` is the component
 * the module exports, when not the default one.
 */
function page(
  file: string,
  { guard, name = 'default', ...facts }: { guard?: keyof typeof GUARDS; name?: string } & Facts = {},
): Pick<RouteObject, 'lazy' | 'handle'> {
  const module = `src/features/${file}.tsx`;
  return { handle: { module, ...facts } satisfies RouteHandle, lazy: () => withPage(module, name, guard) };
}

/** A layout route of the checkout's slim header (`props`: its area and step) over `children`. */
function checkoutLayout(
  props: Parameters<typeof CheckoutLayoutModule.CheckoutLayout>[0],
  facts: Facts,
  children: RouteObject[],
): RouteObject {
  return {
    ...layout<typeof CheckoutLayoutModule>('src/app/layouts/CheckoutLayout.tsx', (m) => <m.CheckoutLayout {...props} />, facts),
    children,
  };
}

/** An area of the operations console: a named page of the console's module, shown inside its shell. */
const consoleArea = (name: string) => page('ops/pages/Console', { name });

// The guards load with the pages they guard (no store page's first load has one), beside the page's own chunk.
const GUARDS = { private: 'PrivateRoute', guest: 'GuestOnlyRoute' } as const;

async function withPage(
  file: string,
  name: string,
  guard?: keyof typeof GUARDS,
): Promise<Pick<RouteObject, 'element' | 'Component' | 'loader'>> {
  const [module, guards] = await Promise.all([
    loadRouteModule(file) as Promise<PageModule>,
    guard ? loadRouteModule('src/app/guards.tsx') : null,
  ]);
  const Page = module[name] as ComponentType | undefined;
  // A module's loader serves each of its pages (the route's params and address tell them apart).
  const loader = module.loader;
  if (!Page) throw new Error(`The page module exports no ${name}`);
  const Guard = guard && guards ? (guards[GUARDS[guard]] as ComponentType<{ children: ReactNode }>) : null;
  return Guard
    ? {
        element: (
          <Guard>
            <Page />
          </Guard>
        ),
        loader,
      }
    : { Component: Page, loader };
}

/**
 * A layout route whose component is a chunk of its own, loaded with its pages: the store's pages carry only the
 * main layout, not the account, checkout and sign-in ones. `module` is its source, preloaded like a page's.
 */
function layout<M>(
  module: `src/app/layouts/${string}.tsx`,
  render: (m: M) => ReactElement,
  facts: Facts = {},
): Pick<RouteObject, 'lazy' | 'handle'> {
  return {
    handle: { module, ...facts } satisfies RouteHandle,
    lazy: async () => ({ element: render((await loadRouteModule(module)) as M) }),
  };
}

// The static meta of an address after a navigation, read from this table by a chunk of its own (off the first load).
const metaOf = (pathname: string) => import('./route-facts.ts').then((m) => m.pageMetaIn(routes, pathname));

function Root() {
  // Lets an e2e test prove the error boundary: only a script already running in the page can set this.
  if (typeof window !== 'undefined' && (window as { __KASRAT_CRASH__?: boolean }).__KASRAT_CRASH__)
    throw new Error('Crash test requested by the page');
  return (
    <AuthProvider onUser={syncUser}>
      <MetaProvider metaOf={metaOf}>
        <ToastProvider>
          <Outlet />
          <AnalyticsDebug />
          <ConsentGate />
        </ToastProvider>
      </MetaProvider>
    </AuthProvider>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <MainLayout />,
        loader: mainLayoutLoader,
        children: [
          { path: '/', ...page('catalogue/pages/Home') },
          { path: '/brands', ...page('catalogue/pages/Brands') },
          { path: '/brand/:slug', ...page('catalogue/pages/BrandPage') },
          { path: '/product-category/:slug', ...page('catalogue/pages/CategoryPage') },
          { path: '/shop', ...page('catalogue/pages/Shop') },
          { path: '/bestseller/:slug', ...page('catalogue/pages/Bestseller') },
          { path: '/top-10', ...page('catalogue/pages/Top10') },
          { path: '/all-categories', ...page('catalogue/pages/AllCategories') },
          { path: '/product/:slug', ...page('catalogue/pages/ProductPage') },
          { path: '/search', ...page('catalogue/pages/Search') },
          { path: '/offers-coupons', ...page('content/pages/OffersCoupons') },
          { path: '/sale/:slug', ...page('content/pages/Sale') },
          { path: '/preview/sale/:slug', ...page('content/pages/Sale', { meta: 'preview', render: 'client' }) },
          { path: '/preview/offers-coupons', ...page('content/pages/OffersCoupons', { meta: 'preview', render: 'client' }) },
          { path: '/preview/home', ...page('content/pages/HomePreview', { render: 'client' }) },
          { path: '/landing', ...page('content/pages/Landing') },
          { path: '/freebies', ...page('cart/pages/Freebies') },
          {
            path: '/help-center',
            children: [
              { index: true, ...page('content/pages/HelpCenter') },
              { path: 'contact-us', ...page('content/pages/HelpCenter', { name: 'ContactUs' }) },
              { path: 'grievance', ...page('content/pages/Grievance') },
            ],
          },
          { path: '/store-locator', ...page('content/pages/StoreLocatorPage') },
          { path: '/authenticity', ...page('content/pages/AuthenticityPage') },
          { path: '/importer', ...page('content/pages/ImporterPage', { name: 'ImporterListPage', meta: 'importers' }) },
          { path: '/importer/:slug', ...page('content/pages/ImporterPage') },
          { path: '/retailer-details', ...page('content/pages/RetailerDetailsPage') },
          { path: '/unsubscribe', ...page('content/pages/UnsubscribePage') },
          { path: '/affiliate', ...page('content/pages/AffiliatePage') },
          { path: '/about', ...page('content/pages/About') },
          { path: '/error', ...page('content/pages/ErrorPage') },
          { path: '/maintenance', ...page('content/pages/Maintenance') },
          { path: '/no-internet', ...page('content/pages/NoInternet') },
          { path: '/filenotfound', ...page('content/pages/FileNotFound') },
          { path: '/notFound', ...page('content/pages/NotFound') },
          { path: '/analytics/funnel', ...page('analytics/pages/Funnel', { render: 'client' }) },
          { path: '/:productName/reviews/pr/:productId', ...page('reviews/pages/ProductReviewsPage') },
          { path: '/:productName/reviews/br/:brandId', ...page('reviews/pages/BrandReviewsPage') },
          { path: '/:productName/reviews', ...page('reviews/pages/AllReviewsPage') },
          {
            path: '/:productName/reviews/after-rate-product',
            ...page('reviews/pages/AfterRatePage', { guard: 'private', render: 'client' }),
          },
          {
            path: '/:productName/reviews/pr/:productId/rate-product',
            ...page('reviews/pages/RateProductPage', { guard: 'private', render: 'client' }),
          },
          {
            path: '/:productName/reviews/update-rating/:productId/:brandId',
            ...page('reviews/pages/UpdateRatingPage', { guard: 'private', render: 'client' }),
          },
          { path: '/order-successfull/:orderId', ...page('checkout/pages/OrderSuccess', { render: 'client' }) },
          { path: '/order-failed/:orderId', ...page('checkout/pages/OrderFailed', { render: 'client' }) },
          {
            path: '/email-verified',
            ...page('account/pages/EmailVerified', { guard: 'private', render: 'client' }),
          },
          {
            path: '/cancel-delete-account',
            ...page('account/pages/CancelDeleteAccount', { guard: 'private', render: 'client' }),
          },
          {
            path: '/account',
            ...layout<typeof AccountLayoutModule>('src/app/layouts/AccountLayout.tsx', (m) => <m.AccountLayout />, {
              meta: 'account',
              render: 'client',
            }),
            children: [
              { index: true, ...page('account/pages/AccountHome') },
              { path: 'profile', ...page('account/pages/Profile') },
              { path: 'addresses', ...page('account/pages/Addresses') },
              { path: 'order', ...page('orders/pages/OrdersPage') },
              { path: 'order/order-details/:orderId', ...page('orders/pages/OrderDetailsPage') },
              { path: 'order/shipment-details/:orderId', ...page('orders/pages/ShipmentDetailsPage') },
              { path: 'order/cancel-shipment/:orderId', ...page('orders/pages/CancelShipmentPage') },
              { path: 'order/order-delivered/:orderId', ...page('orders/pages/OrderDeliveredPage') },
              { path: 'order/return-item/:orderId', ...page('orders/pages/ReturnItemPage') },
              { path: 'wishlist', ...page('cart/pages/Wishlist') },
            ],
          },
          { path: '*', ...page('content/pages/CatchAll', { notFound: true }) },
        ],
      },
      // The checkout layouts: each names the step of the checkout its pages are (the header marks it).
      checkoutLayout({ area: 'cart', step: 'Cart' }, { meta: 'cart' }, [
        { path: '/cart', ...page('checkout/pages/Cart', { render: 'shopper' }) },
      ]),
      checkoutLayout({ area: 'cart', step: 'Address' }, { meta: 'cart' }, [
        { path: '/select-address', ...page('checkout/pages/SelectAddress', { render: 'client' }) },
        { path: '/order-confirmation', ...page('checkout/pages/OrderConfirmation', { render: 'shopper' }) },
        { path: '/add-new-address', ...page('checkout/pages/AddNewAddress', { render: 'client' }) },
      ]),
      checkoutLayout({ area: 'cart' }, { meta: 'cart' }, [
        { path: '/duplicate-order-delete', ...page('cart/pages/DuplicateOrderDelete') },
        { path: '/logout-empty-cart', ...page('cart/pages/LogoutEmptyCart') },
        { path: '/loggedin-empty-cart', ...page('cart/pages/LoggedinEmptyCart') },
      ]),
      checkoutLayout({ area: 'payment', step: 'Payment' }, { meta: 'payment', render: 'client' }, [
        { path: '/payment', ...page('checkout/pages/Payment') },
        { path: '/retry-payment', ...page('checkout/pages/Payment') },
        { path: '/pending-payment', ...page('checkout/pages/PendingPayment') },
      ]),
      {
        ...layout<typeof DashboardLayoutModule>('src/app/layouts/DashboardLayout.tsx', (m) => <m.DashboardLayout />, { render: 'client' }),
        children: [
          { path: '/logout', ...page('account/pages/Logout', { render: 'client' }) },
          { path: '/my-account', ...page('account/pages/MyAccount', { guard: 'guest', render: 'client' }) },
        ],
      },
      {
        // The operations console (docs/decisions/019): the sign-in and the shell, each area a child route.
        path: '/ops',
        ...page('ops/pages/Console'),
        children: [
          { index: true, ...consoleArea('FirstArea') },
          { path: 'today', ...consoleArea('TodayArea') },
          { path: 'orders/:orderId?', ...consoleArea('OrdersArea') },
          { path: 'refunds', ...consoleArea('RefundsArea') },
          { path: 'catalogue', ...consoleArea('CatalogueArea') },
          { path: 'customers/:customerId?', ...consoleArea('CustomersArea') },
          { path: 'promotions', ...consoleArea('PromotionsArea') },
          { path: 'moderation', ...consoleArea('ReviewsArea') },
          { path: 'complaints', ...consoleArea('ComplaintsArea') },
          { path: 'audit', ...consoleArea('AuditArea') },
          { path: 'staff', ...consoleArea('StaffArea') },
          { path: 'password', ...consoleArea('PasswordArea') },
          { path: 'join', ...consoleArea('JoinArea') },
        ],
      },
    ],
  },
];
