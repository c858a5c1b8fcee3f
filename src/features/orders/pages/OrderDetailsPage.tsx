import { Link, useParams } from 'react-router-dom';
import { Alert } from '../../../ui/form/Fields.tsx';
import { formatPaise } from '../../../../schemas/money.ts';
import { formatOrderDateTime } from '../../../../schemas/orders.ts';
import { usePageMeta } from '../../../ui/meta.tsx';
import { PageSkeleton } from '../../../ui/Skeleton.tsx';
import { buttonSecondary } from '../../../ui/theme/global.css.ts';
import { BuyAgain } from '../components/BuyAgain.tsx';
import { ItemLine } from '../components/ItemLine.tsx';
import * as css from '../components/orders.css.ts';
import { OrderTrail } from '../components/OrderTrail.tsx';
import { ShipmentActions } from '../components/ShipmentActions.tsx';
import { StatusBadge } from '../components/StatusBadge.tsx';
import { useOrder } from '../components/useOrder.ts';
import { PayNow } from '../components/PayNow.tsx';

/** /account/order/order-details/{orderId}: the order, its address and money, and each shipment with its actions. */
export default function OrderDetailsPage() {
  usePageMeta(null);
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  const d = order.data;
  return (
    <article className={css.page}>
      <OrderTrail items={[{ label: `Order ${orderId}` }]} />
      <h1 className={css.heading}>Order {orderId}</h1>
      <Alert kind="error">{order.error}</Alert>
      {order.loading && !d ? <PageSkeleton /> : null}
      {d ? (
        <>
          <p className={css.muted}>
            Placed on {formatOrderDateTime(d.order.created_at)} · {d.order.status_label}
          </p>
          {d.order.pay_by ? <PayNow orderId={d.globalOrderId} payBy={d.order.pay_by} /> : null}
          {/* docs/grievance-redressal.md: a complaint about this order, with the order already chosen. */}
          <p style={{ margin: 0 }}>
            <Link className={buttonSecondary} to={`/help-center/grievance?order=${encodeURIComponent(orderId)}`}>
              Get help with this order
            </Link>
          </p>
          <div className={css.facts}>
            <section className={css.panel} aria-labelledby="delivery-address">
              <h2 id="delivery-address" style={{ margin: 0, fontSize: '1rem' }}>
                Delivery address
              </h2>
              <p style={{ margin: 0 }}>
                <strong>{d.address.customer_address_full_name}</strong>
                <br />
                {d.address.customer_address_line}
                <br />
                {d.address.customer_address_city}, {d.address.customer_address_state} {d.address.postcode}
                <br />
                Phone {d.address.customer_address_phone}
              </p>
            </section>
            <section className={css.panel} aria-labelledby="payment-summary">
              <h2 id="payment-summary" style={{ margin: 0, fontSize: '1rem' }}>
                Payment · {d.order.display_payment_method}
              </h2>
              <dl className={css.totals}>
                <dt>MRP total</dt>
                <dd>{formatPaise(d.order.mrp_total)}</dd>
                <dt>Items</dt>
                <dd>{formatPaise(d.order.item_total)}</dd>
                {d.order.coupon_discount > 0 ? (
                  <>
                    <dt>Coupon {d.order.coupon_code}</dt>
                    <dd>−{formatPaise(d.order.coupon_discount)}</dd>
                  </>
                ) : null}
                {d.order.bank_offer_discount > 0 ? (
                  <>
                    <dt>Bank offer</dt>
                    <dd>−{formatPaise(d.order.bank_offer_discount)}</dd>
                  </>
                ) : null}
                <dt>Delivery</dt>
                <dd>{d.order.shipping_total ? formatPaise(d.order.shipping_total) : 'Free'}</dd>
                <dt className={css.totalRow}>Order total</dt>
                <dd className={css.totalRow}>{formatPaise(d.order.total)}</dd>
                {d.order.refunded_total > 0 ? (
                  <>
                    <dt>Refunded</dt>
                    <dd data-testid="refunded-total">{formatPaise(d.order.refunded_total)}</dd>
                  </>
                ) : null}
              </dl>
            </section>
          </div>
          <h2 style={{ margin: 0, fontSize: '1.15rem' }}>{d.shipments.length === 1 ? 'Shipment' : `${d.shipments.length} shipments`}</h2>
          <ul className={css.list}>
            {d.shipments.map((s) => (
              <li key={s.shipment_id} className={css.panel} data-testid="shipment-card">
                <div className={css.panelHead}>
                  <h3 style={{ margin: 0, fontSize: '1rem' }}>Shipment {s.shipment_id}</h3>
                  <StatusBadge status={s.status} label={s.status_label} />
                </div>
                {s.shipment_items.map((i) => (
                  <ItemLine key={i.order_item_id} item={i}>
                    <BuyAgain item={i} />
                  </ItemLine>
                ))}
                <ShipmentActions shipment={s} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </article>
  );
}
