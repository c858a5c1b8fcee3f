// The checkout feature's public surface for src/app/routes.tsx: its pages, lazy, one chunk each. (The cart page
// starts the funnel through ./funnel.tsx; re-exporting it here would pull the machine into the first load.)
export const checkoutPages = {
  selectAddress: () => import('./pages/SelectAddress.tsx'),
  addNewAddress: () => import('./pages/AddNewAddress.tsx'),
  orderConfirmation: () => import('./pages/OrderConfirmation.tsx'),
  payment: () => import('./pages/Payment.tsx'),
  pendingPayment: () => import('./pages/PendingPayment.tsx'),
  orderSuccess: () => import('./pages/OrderSuccess.tsx'),
  orderFailed: () => import('./pages/OrderFailed.tsx'),
};
