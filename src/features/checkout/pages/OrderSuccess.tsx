import { Link, useParams } from 'react-router-dom';
import { formatPaise } from '../../../../schemas/money.ts';
import { usePageMeta } from '../../../ui/meta.tsx';
import { PageSkeleton } from '../../../ui/Skeleton.tsx';
import { button, buttonSecondary, card } from '../../../ui/theme/global.css.ts';
import { OrderLines } from '../components/OrderLines.tsx';
import { useFunnelPage } from '../funnel.tsx';
import * as css from './CheckoutPage.css.ts';
import { StepLoadError } from '../components/StepLoadError.tsx';
import { ThankYouBanners } from '../components/ThankYouBanners.tsx';

/** /order-successfull/{orderId}: the stored order (SPEC §3 order); the purchase is reported once, with the order id. */
export default function OrderSuccessPage() {
  usePageMeta({ title: 'Order placed', description: 'Thank you for your order' });
  const { orderId = '' } = useParams();
  const { snapshot, send } = useFunnelPage((actor) => actor.send({ type: 'CONFIRM_ORDER', order_id: orderId }));
  const placed = snapshot.context.success?.order;

  if (snapshot.matches('confirmFailed'))
    return (
      <StepLoadError title="Your order" state="success-error" message={snapshot.context.error} onRetry={() => send({ type: 'RELOAD' })} />
    );
  if (!placed || placed.globalOrderId !== orderId) return <PageSkeleton />;

  const o = placed.order;
  const address = placed.shipments[0]?.address;
  return (
    <div className={css.column} data-testid="checkout-step" data-state="success">
      <section className={`${card} ${css.success}`}>
        <h1 className={css.title}>Thank you, your order is placed</h1>
        <p style={{ margin: '8px 0 0' }}>
          Order <strong data-testid="order-id">{placed.globalOrderId}</strong> · {o.display_payment_method}
        </p>
        <p className={css.muted}>A confirmation has been sent{o.customer_email ? ` to ${o.customer_email}` : ''}.</p>
      </section>
      <section className={card} aria-labelledby="placed-items">
        <h2 id="placed-items" className={css.sectionTitle}>
          Items
        </h2>
        <OrderLines
          label="Items ordered"
          lines={placed.shipments.flatMap((s) =>
            s.shipment_items.map((i) => ({
              key: `${s.shipment_id}-${i.variant_id}-${i.is_freebie}`,
              name: i.name,
              swatch: i.swatch,
              quantity: i.quantity,
              sale_price: i.sale_price,
              is_freebie: i.is_freebie,
              image: i.thumbnail_image,
            })),
          )}
        />
        <dl style={{ display: 'grid', gap: 6, margin: '12px 0 0' }}>
          {o.coupon_discount > 0 && (
            <div className={css.row} style={{ justifyContent: 'space-between' }}>
              <dt>Coupon {o.coupon_code}</dt>
              <dd style={{ margin: 0 }}>− {formatPaise(o.coupon_discount)}</dd>
            </div>
          )}
          {o.bank_offer_discount > 0 && (
            <div className={css.row} style={{ justifyContent: 'space-between' }}>
              <dt>Bank offer</dt>
              <dd style={{ margin: 0 }}>− {formatPaise(o.bank_offer_discount)}</dd>
            </div>
          )}
          <div className={css.row} style={{ justifyContent: 'space-between' }}>
            <dt>Delivery</dt>
            <dd style={{ margin: 0 }}>{o.shipping_total === 0 ? 'FREE' : formatPaise(o.shipping_total)}</dd>
          </div>
          <div className={css.row} style={{ justifyContent: 'space-between' }}>
            <dt>
              <strong>{o.display_payment_method.startsWith('COD') ? 'To pay on delivery' : 'Paid'}</strong>
            </dt>
            <dd style={{ margin: 0 }} className={css.total} data-testid="order-total">
              {formatPaise(o.paid_total)}
            </dd>
          </div>
        </dl>
      </section>
      {address && (
        <section className={card} aria-labelledby="ship-to">
          <h2 id="ship-to" className={css.sectionTitle}>
            Delivering to
          </h2>
          <p style={{ margin: '8px 0 0' }}>
            {address.customer_address_full_name}, {address.customer_address_line}, {address.customer_address_city},{' '}
            {address.customer_address_state} – {address.customer_address_pincode}
          </p>
        </section>
      )}
      <ThankYouBanners />
      <div className={css.row}>
        <Link to="/" className={button}>
          Continue shopping
        </Link>
        <Link to="/account/order" className={buttonSecondary}>
          My orders
        </Link>
      </div>
    </div>
  );
}
