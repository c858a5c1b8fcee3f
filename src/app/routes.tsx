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
const page = (load: () => Promise<PageModule>, wrap?: 'private' | 'guest'): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
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
  },
});

function Root() {
  // Lets an e2e test prove the error boundary: only a script already running in the page can set this.
  if (typeof window !== 'undefined' && (window as { __KASRAT_CRASH__?: boolean }).__KASRAT_CRASH__) throw new Error('Crash test requested by the page');
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
          { path: '/', ...page(() => import('../features/catalogue/pages/Home.tsx')) },
          { path: '/brands', ...page(() => import('../features/catalogue/pages/Brands.tsx')) },
          { path: '/brand/:slug', ...page(() => import('../features/catalogue/pages/BrandPage.tsx')) },
          { path: '/product-category/:slug', ...page(() => import('../features/catalogue/pages/CategoryPage.tsx')) },
          { path: '/shop', ...page(() => import('../features/catalogue/pages/Shop.tsx')) },
          { path: '/bestseller/:slug', ...page(() => import('../features/catalogue/pages/Bestseller.tsx')) },
          { path: '/top-10', ...page(() => import('../features/catalogue/pages/Top10.tsx')) },
          { path: '/all-categories', ...page(() => import('../features/catalogue/pages/AllCategories.tsx')) },
          { path: '/product/:slug', ...page(() => import('../features/catalogue/pages/ProductPage.tsx')) },
          { path: '/search', ...page(() => import('../features/catalogue/pages/Search.tsx')) },
          { path: '/offers-coupons', ...page(() => import('../features/content/pages/OffersCoupons.tsx')) },
          { path: '/sale/:slug', ...page(() => import('../features/content/pages/Sale.tsx')) },
          { path: '/preview/sale/:slug', ...page(() => import('../features/content/pages/Sale.tsx')) },
          { path: '/preview/offers-coupons', ...page(() => import('../features/content/pages/OffersCoupons.tsx')) },
          { path: '/preview/home', ...page(() => import('../features/content/pages/HomePreview.tsx')) },
          { path: '/landing', ...page(() => import('../features/content/pages/Landing.tsx')) },
          { path: '/freebies', ...page(() => import('../features/cart/pages/Freebies.tsx')) },
          { path: '/help-center/*', ...page(() => import('../features/content/pages/HelpCenter.tsx')) },
          { path: '/store-locator', ...page(contentPages.storeLocator) },
          { path: '/authenticity', ...page(contentPages.authenticity) },
          { path: '/importer', ...page(contentPages.importerList) },
          { path: '/importer/:slug', ...page(contentPages.importer) },
          { path: '/retailer-details', ...page(contentPages.retailerDetails) },
          { path: '/unsubscribe', ...page(contentPages.unsubscribe) },
          { path: '/affiliate', ...page(contentPages.affiliate) },
          { path: '/about', ...page(() => import('../features/content/pages/About.tsx')) },
          { path: '/error', ...page(() => import('../features/content/pages/ErrorPage.tsx')) },
          { path: '/maintenance', ...page(() => import('../features/content/pages/Maintenance.tsx')) },
          { path: '/no-internet', ...page(() => import('../features/content/pages/NoInternet.tsx')) },
          { path: '/filenotfound', ...page(() => import('../features/content/pages/FileNotFound.tsx')) },
          { path: '/notFound', ...page(() => import('../features/content/pages/NotFound.tsx')) },
          { path: '/analytics/funnel', ...page(() => import('../features/analytics/pages/Funnel.tsx')) },
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
          { path: '/email-verified', ...page(() => import('../features/account/pages/EmailVerified.tsx'), 'private') },
          { path: '/cancel-delete-account', ...page(() => import('../features/account/pages/CancelDeleteAccount.tsx'), 'private') },
          {
            path: '/account',
            element: <AccountLayout />,
            children: [
              { index: true, ...page(() => import('../features/account/pages/AccountHome.tsx')) },
              { path: 'profile', ...page(() => import('../features/account/pages/Profile.tsx')) },
              { path: 'addresses', ...page(() => import('../features/account/pages/Addresses.tsx')) },
              { path: 'order', ...page(orderPages.list) },
              { path: 'order/order-details/:orderId', ...page(orderPages.orderDetails) },
              { path: 'order/shipment-details/:orderId', ...page(orderPages.shipmentDetails) },
              { path: 'order/cancel-shipment/:orderId', ...page(orderPages.cancelShipment) },
              { path: 'order/order-delivered/:orderId', ...page(orderPages.orderDelivered) },
              { path: 'order/return-item/:orderId', ...page(orderPages.returnItem) },
              { path: 'wishlist', ...page(() => import('../features/account/pages/Wishlist.tsx')) },
            ],
          },
          { path: '*', ...page(() => import('../features/content/pages/CatchAll.tsx')) },
        ],
      },
      {
        element: <CheckoutLayout area="cart" />,
        children: [
          { path: '/cart', ...page(() => import('../features/cart/pages/Cart.tsx')) },
          { path: '/select-address', ...page(checkoutPages.selectAddress) },
          { path: '/order-confirmation', ...page(checkoutPages.orderConfirmation) },
          { path: '/add-new-address', ...page(checkoutPages.addNewAddress) },
          { path: '/duplicate-order-delete', ...page(() => import('../features/cart/pages/DuplicateOrderDelete.tsx')) },
          { path: '/logout-empty-cart', ...page(() => import('../features/cart/pages/LogoutEmptyCart.tsx')) },
          { path: '/loggedin-empty-cart', ...page(() => import('../features/cart/pages/LoggedinEmptyCart.tsx')) },
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
          { path: '/logout', ...page(() => import('../features/account/pages/Logout.tsx')) },
          { path: '/my-account', ...page(() => import('../features/account/pages/MyAccount.tsx'), 'guest') },
        ],
      },
    ],
  },
];
