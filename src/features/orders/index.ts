// The orders feature's public surface: its pages, loaded lazily by src/app/routes.tsx (SPEC §2 account order routes).
export const orderPages = {
  list: () => import('./pages/OrdersPage.tsx'),
  orderDetails: () => import('./pages/OrderDetailsPage.tsx'),
  shipmentDetails: () => import('./pages/ShipmentDetailsPage.tsx'),
  cancelShipment: () => import('./pages/CancelShipmentPage.tsx'),
  orderDelivered: () => import('./pages/OrderDeliveredPage.tsx'),
  returnItem: () => import('./pages/ReturnItemPage.tsx'),
};
