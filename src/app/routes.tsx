import type { ComponentType } from 'react';
import { Outlet, type RouteObject, ScrollRestoration } from 'react-router-dom';
import { AnalyticsDebug } from '../features/analytics/index.ts';
import { AuthProvider } from '../features/account/index.ts';
import { checkoutPages } from '../features/checkout/index.ts';
import { contentPages } from '../features/content/index.ts';
import { orderPages } from '../features/orders/index.ts';
import { reviewPages } from '../features/reviews/index.ts';
import { ToastProvider } from '../ui/Toast.tsx';
import { ErrorFallback } from './ErrorFallback.tsx';
import { GuestOnlyRoute, PrivateRoute } from './guards.tsx';
import { AccountLayout } from './layouts/AccountLayout.tsx';
import { CheckoutLayout } from './layouts/CheckoutLayout.tsx';
import { DashboardLayout } from './layouts/DashboardLayout.tsx';
import { MainLayout } from './layouts/MainLayout.tsx';
import { MetaProvider } from '../ui/meta.tsx';

// Every route of SPEC §2. Pages are lazy chunks: the first load carries only the shell.
type PageModule = { default: ComponentType };
const PAGES = import.meta.glob<PageModule>(['../features/{account,analytics,cart,catalogue,content}/pages/*.tsx', '!**/*.test.tsx']);

/** What a route tells the server: its page's source module, whose chunks the server has the browser preload. */
export interface RouteHandle {
  module: string;
}

/**
 * The route of a page: a module of the glob above (`catalogue/pages/Home` is src/features/catalogue/pages/Home.tsx),
 * whose chunks the server has the browser preload, or a feature's own loader (its pages are not preloaded).
 */
function page(source: string | (() => Promise<PageModule>), wrap?: 'private' | 'guest'): Pick<RouteObject, 'lazy' | 'handle'> {
  if (typeof source === 'function') return { lazy: () => withPage(source, wrap) };
  const load = PAGES[`../features/${source}.tsx`];
  // Checked as the routes are built: a misspelt page fails every test and build that imports them.
  if (!load) throw new Error(`No page module src/features/${source}.tsx`);
  return { handle: { module: `src/features/${source}.tsx` } satisfies RouteHandle, lazy: () => withPage(load, wrap) };
}

async function withPage(load: () => Promise<PageModule>, wrap?: 'private' | 'guest'): Promise<Pick<RouteObject, 'element' | 'Component'>> {
  const { default: Page } = await load();
  if (wrap === 'private')
    return {
      element: (
        <PrivateRoute>
          <Page />
        </PrivateRoute>
      ),
    };
  if (wrap === 'guest')
    return {
      element: (
        <GuestOnlyRoute>
          <Page />
        </GuestOnlyRoute>
      ),
    };
  return { Component: Page };
}

function Root() {
  // Lets an e2e test prove the error boundary: only a script already running in the page can set this.
  if (typeof window !== 'undefined' && (window as { __KASRAT_CRASH__?: boolean }).__KASRAT_CRASH__)
    throw new Error('Crash test requested by the page');
  return (
    <AuthProvider>
      <MetaProvider>
        <ToastProvider>
          <Outlet />
          <ScrollRestoration />
          <AnalyticsDebug />
        </ToastProvider>
      </MetaProvider>
    </AuthProvider>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <ErrorFallback />,
    children: [
      {
        element: <MainLayout />,
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
          { path: '/preview/sale/:slug', ...page('content/pages/Sale') },
          { path: '/preview/offers-coupons', ...page('content/pages/OffersCoupons') },
          { path: '/preview/home', ...page('content/pages/HomePreview') },
          { path: '/landing', ...page('content/pages/Landing') },
          { path: '/freebies', ...page('cart/pages/Freebies') },
          { path: '/help-center/*', ...page('content/pages/HelpCenter') },
          { path: '/store-locator', ...page(contentPages.storeLocator) },
          { path: '/authenticity', ...page(contentPages.authenticity) },
          { path: '/importer', ...page(contentPages.importerList) },
          { path: '/importer/:slug', ...page(contentPages.importer) },
          { path: '/retailer-details', ...page(contentPages.retailerDetails) },
          { path: '/unsubscribe', ...page(contentPages.unsubscribe) },
          { path: '/affiliate', ...page(contentPages.affiliate) },
          { path: '/about', ...page('content/pages/About') },
          { path: '/error', ...page('content/pages/ErrorPage') },
          { path: '/maintenance', ...page('content/pages/Maintenance') },
          { path: '/no-internet', ...page('content/pages/NoInternet') },
          { path: '/filenotfound', ...page('content/pages/FileNotFound') },
          { path: '/notFound', ...page('content/pages/NotFound') },
          { path: '/analytics/funnel', ...page('analytics/pages/Funnel') },
          { path: '/:productName/reviews/pr/:productId', ...page(reviewPages.product) },
          { path: '/:productName/reviews/br/:brandId', ...page(reviewPages.brand) },
          { path: '/:productName/reviews', ...page(reviewPages.all) },
          { path: '/:productName/reviews/after-rate-product', ...page(reviewPages.afterRate, 'private') },
          {
            path: '/:productName/reviews/pr/:productId/rate-product',
            ...page(reviewPages.rate, 'private'),
          },
          {
            path: '/:productName/reviews/update-rating/:productId/:brandId',
            ...page(reviewPages.update, 'private'),
          },
          { path: '/order-successfull/:orderId', ...page(checkoutPages.orderSuccess) },
          { path: '/order-failed/:orderId', ...page(checkoutPages.orderFailed) },
          { path: '/email-verified', ...page('account/pages/EmailVerified', 'private') },
          { path: '/cancel-delete-account', ...page('account/pages/CancelDeleteAccount', 'private') },
          {
            path: '/account',
            element: <AccountLayout />,
            children: [
              { index: true, ...page('account/pages/AccountHome') },
              { path: 'profile', ...page('account/pages/Profile') },
              { path: 'addresses', ...page('account/pages/Addresses') },
              { path: 'order', ...page(orderPages.list) },
              { path: 'order/order-details/:orderId', ...page(orderPages.orderDetails) },
              { path: 'order/shipment-details/:orderId', ...page(orderPages.shipmentDetails) },
              { path: 'order/cancel-shipment/:orderId', ...page(orderPages.cancelShipment) },
              { path: 'order/order-delivered/:orderId', ...page(orderPages.orderDelivered) },
              { path: 'order/return-item/:orderId', ...page(orderPages.returnItem) },
              { path: 'wishlist', ...page('account/pages/Wishlist') },
            ],
          },
          { path: '*', ...page('content/pages/CatchAll') },
        ],
      },
      {
        element: <CheckoutLayout area="cart" />,
        children: [
          { path: '/cart', ...page('cart/pages/Cart') },
          { path: '/select-address', ...page(checkoutPages.selectAddress) },
          { path: '/order-confirmation', ...page(checkoutPages.orderConfirmation) },
          { path: '/add-new-address', ...page(checkoutPages.addNewAddress) },
          { path: '/duplicate-order-delete', ...page('cart/pages/DuplicateOrderDelete') },
          { path: '/logout-empty-cart', ...page('cart/pages/LogoutEmptyCart') },
          { path: '/loggedin-empty-cart', ...page('cart/pages/LoggedinEmptyCart') },
        ],
      },
      {
        element: <CheckoutLayout area="payment" />,
        children: [
          { path: '/payment', ...page(checkoutPages.payment) },
          { path: '/retry-payment', ...page(checkoutPages.payment) },
          { path: '/pending-payment', ...page(checkoutPages.pendingPayment) },
        ],
      },
      {
        element: <DashboardLayout />,
        children: [
          { path: '/logout', ...page('account/pages/Logout') },
          { path: '/my-account', ...page('account/pages/MyAccount', 'guest') },
        ],
      },
    ],
  },
];
