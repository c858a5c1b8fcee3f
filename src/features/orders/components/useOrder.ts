import { ordersApi } from '../api.ts';
import { useResource } from '../../../api/page-resource.ts';

/** One order with its shipments (shipment-details), reloadable after a change. */
export function useOrder(orderId: string) {
  return useResource(() => ordersApi.details(orderId).then((r) => r.data), [orderId]);
}
