import { Link, useParams } from 'react-router-dom';
import { Alert } from '../../../ui/form/Fields.tsx';
import { formatOrderDate, formatOrderDateTime } from '../../../../schemas/orders.ts';
import { usePageMeta } from '../../../ui/meta.tsx';
import { PageSkeleton } from '../../../ui/Skeleton.tsx';
import { orderOfShipment } from '../api.ts';
import { ItemLine } from '../components/ItemLine.tsx';
import * as css from '../components/orders.css.ts';
import { OrderTrail } from '../components/OrderTrail.tsx';
import { ShipmentActions } from '../components/ShipmentActions.tsx';
import { useOrder } from '../components/useOrder.ts';

const RETURN_DAYS = 7;

/** /account/order/order-delivered/{shipment}: the delivered parcel, its invoice, and the way to return it. */
export default function OrderDeliveredPage() {
  usePageMeta(null);
  const { orderId: shipmentId = '' } = useParams();
  const orderId = orderOfShipment(shipmentId);
  const order = useOrder(orderId);
  const s = order.data?.shipments.find((x) => x.shipment_id === shipmentId);
  const windowEnd = s?.delivered_at ? new Date(new Date(s.delivered_at).getTime() + RETURN_DAYS * 86_400_000).toISOString() : null;
  return (
    <article className={css.page}>
      <OrderTrail items={[{ label: `Order ${orderId}`, to: `/account/order/order-details/${orderId}` }, { label: 'Delivered' }]} />
      <h1 className={css.heading}>Shipment {shipmentId} delivered</h1>
      <Alert kind="error">{order.error ?? (order.data && !s ? 'This shipment is not part of the order.' : null)}</Alert>
      {order.loading && !order.data ? <PageSkeleton /> : null}
      {s ? (
        <>
          {s.delivered_at ? (
            <p>Delivered on {formatOrderDateTime(s.delivered_at)}.</p>
          ) : (
            <p>This shipment is {s.status_label.toLowerCase()}.</p>
          )}
          <section className={css.panel} aria-labelledby="delivered-items">
            <h2 id="delivered-items" style={{ margin: 0, fontSize: '1rem' }}>
              Items
            </h2>
            {s.shipment_items.map((i) => (
              <ItemLine key={i.order_item_id} item={i} />
            ))}
          </section>
          {s.can_return && windowEnd ? (
            <section className={css.panel} aria-labelledby="return-it">
              <h2 id="return-it" style={{ margin: 0, fontSize: '1rem' }}>
                Something wrong?
              </h2>
              <p style={{ margin: 0 }}>You can return items from this shipment until {formatOrderDate(windowEnd)}.</p>
              <Link className={css.actionLink} to={`/account/order/return-item/${shipmentId}`} style={{ justifySelf: 'start' }}>
                Return items
              </Link>
            </section>
          ) : null}
          <ShipmentActions shipment={s} />
        </>
      ) : null}
    </article>
  );
}
