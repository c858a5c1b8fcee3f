import type { ComponentType } from 'react';
import { Outlet, type RouteObject, ScrollRestoration } from 'react-router-dom';
import { AnalyticsDebug } from '../analytics/index.ts';
import { AuthProvider } from '../auth/AuthContext.tsx';
import { ToastProvider } from '../components/Toast.tsx';
import { reviewPages } from '../features/reviews/index.ts';
import { ErrorFallback } from './ErrorFallback.tsx';
import { GuestOnlyRoute, PrivateRoute } from './guards.tsx';
import { AccountLayout } from './layouts/AccountLayout.tsx';
import { CheckoutLayout } from './layouts/CheckoutLayout.tsx';
import { DashboardLayout } from './layouts/DashboardLayout.tsx';
import { MainLayout } from './layouts/MainLayout.tsx';
import { MetaProvider } from './meta.tsx';

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
  if ((window as { __KASRAT_CRASH__?: boolean }).__KASRAT_CRASH__) throw new Error('Crash test requested by the page');
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
          { path: '/', ...page(() => import('../pages/catalogue/Home.tsx')) },
          { path: '/brands', ...page(() => import('../pages/catalogue/Brands.tsx')) },
          { path: '/brand/:slug', ...page(() => import('../pages/catalogue/BrandPage.tsx')) },
          { path: '/product-category/:slug', ...page(() => import('../pages/catalogue/CategoryPage.tsx')) },
          { path: '/shop', ...page(() => import('../pages/catalogue/Shop.tsx')) },
          { path: '/bestseller/:slug', ...page(() => import('../pages/catalogue/Bestseller.tsx')) },
          { path: '/top-10', ...page(() => import('../pages/catalogue/Top10.tsx')) },
          { path: '/all-categories', ...page(() => import('../pages/catalogue/AllCategories.tsx')) },
          { path: '/product/:slug', ...page(() => import('../pages/catalogue/ProductPage.tsx')) },
          { path: '/search', ...page(() => import('../pages/catalogue/Search.tsx')) },
          { path: '/offers-coupons', ...page(() => import('../pages/content/OffersCoupons.tsx')) },
          { path: '/sale/:slug', ...page(() => import('../pages/content/Sale.tsx')) },
          { path: '/freebies', ...page(() => import('../pages/cart/Freebies.tsx')) },
          { path: '/help-center/*', ...page(() => import('../pages/content/HelpCenter.tsx')) },
          { path: '/store-locator', ...page(() => import('../pages/content/StoreLocator.tsx')) },
          { path: '/authenticity', ...page(() => import('../pages/content/Authenticity.tsx')) },
          { path: '/importer/:slug', ...page(() => import('../pages/content/Importer.tsx')) },
          { path: '/retailer-details', ...page(() => import('../pages/content/RetailerDetails.tsx')) },
          { path: '/unsubscribe', ...page(() => import('../pages/content/Unsubscribe.tsx')) },
          { path: '/about', ...page(() => import('../pages/content/About.tsx')) },
          { path: '/error', ...page(() => import('../pages/content/ErrorPage.tsx')) },
          { path: '/maintenance', ...page(() => import('../pages/content/Maintenance.tsx')) },
          { path: '/no-internet', ...page(() => import('../pages/content/NoInternet.tsx')) },
          { path: '/filenotfound', ...page(() => import('../pages/content/FileNotFound.tsx')) },
          { path: '/notFound', ...page(() => import('../pages/content/NotFound.tsx')) },
          { path: '/analytics/funnel', ...page(() => import('../pages/analytics/Funnel.tsx')) },
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
          { path: '/order-successfull/:orderId', ...page(() => import('../pages/payment/OrderSuccess.tsx')) },
          { path: '/order-failed/:orderId', ...page(() => import('../pages/payment/OrderFailed.tsx')) },
          { path: '/email-verified', ...page(() => import('../pages/account/EmailVerified.tsx'), 'private') },
          { path: '/cancel-delete-account', ...page(() => import('../pages/account/CancelDeleteAccount.tsx'), 'private') },
          {
            path: '/account',
            element: <AccountLayout />,
            children: [
              { index: true, ...page(() => import('../pages/account/AccountHome.tsx')) },
              { path: 'profile', ...page(() => import('../pages/account/Profile.tsx')) },
              { path: 'addresses', ...page(() => import('../pages/account/Addresses.tsx')) },
              { path: 'order', ...page(() => import('../pages/account/Orders.tsx')) },
              { path: 'order/order-details/:orderId', ...page(() => import('../pages/account/OrderDetails.tsx')) },
              { path: 'order/shipment-details/:orderId', ...page(() => import('../pages/account/ShipmentDetails.tsx')) },
              { path: 'order/cancel-shipment/:orderId', ...page(() => import('../pages/account/CancelShipment.tsx')) },
              { path: 'order/order-delivered/:orderId', ...page(() => import('../pages/account/OrderDelivered.tsx')) },
              { path: 'order/return-item/:orderId', ...page(() => import('../pages/account/ReturnItem.tsx')) },
              { path: 'wishlist', ...page(() => import('../pages/account/Wishlist.tsx')) },
            ],
          },
          { path: '*', ...page(() => import('../pages/content/CatchAll.tsx')) },
        ],
      },
      {
        element: <CheckoutLayout area="cart" />,
        children: [
          { path: '/cart', ...page(() => import('../pages/cart/Cart.tsx')) },
          { path: '/order-confirmation', ...page(() => import('../pages/cart/OrderConfirmation.tsx')) },
          { path: '/add-new-address', ...page(() => import('../pages/cart/AddNewAddress.tsx')) },
          { path: '/duplicate-order-delete', ...page(() => import('../pages/cart/DuplicateOrderDelete.tsx')) },
          { path: '/logout-empty-cart', ...page(() => import('../pages/cart/LogoutEmptyCart.tsx')) },
          { path: '/loggedin-empty-cart', ...page(() => import('../pages/cart/LoggedinEmptyCart.tsx')) },
        ],
      },
      {
        element: <CheckoutLayout area="payment" />,
        children: [
          { path: '/payment', ...page(() => import('../pages/payment/Payment.tsx')) },
          { path: '/retry-payment', ...page(() => import('../pages/payment/RetryPayment.tsx')) },
          { path: '/pending-payment', ...page(() => import('../pages/payment/PendingPayment.tsx')) },
        ],
      },
      {
        element: <DashboardLayout />,
        children: [
          { path: '/logout', ...page(() => import('../pages/account/Logout.tsx')) },
          { path: '/my-account', ...page(() => import('../pages/login/MyAccount.tsx'), 'guest') },
        ],
      },
    ],
  },
];
