import { useState } from 'react';
import { Alert } from '../../../ui/form/Fields.tsx';
import { messageOf } from '../../../api/resource.ts';
import { useParams } from 'react-router-dom';
import { formatPaise } from '../../../../schemas/money.ts';
import { formatOrderDateTime } from '../../../../schemas/orders.ts';
import { usePageMeta } from '../../../ui/meta.tsx';
import { PageSkeleton } from '../../../ui/Skeleton.tsx';
import { useToast } from '../../../ui/Toast.tsx';
import { buttonSecondary } from '../../../ui/theme/global.css.ts';
import { orderOfShipment, ordersApi } from '../api.ts';
import { ItemLine } from '../components/ItemLine.tsx';
import * as css from '../components/orders.css.ts';
import { OrderTrail } from '../components/OrderTrail.tsx';
import { ShipmentActions } from '../components/ShipmentActions.tsx';
import { StatusBadge } from '../components/StatusBadge.tsx';
import { useOrder } from '../components/useOrder.ts';

/** /account/order/shipment-details/{shipment}: where the parcel is, what it holds, its return and refunds. */
export default function ShipmentDetailsPage() {
  usePageMeta(null);
  const { orderId: shipmentId = '' } = useParams();
  const orderId = orderOfShipment(shipmentId);
  const order = useOrder(orderId);
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const s = order.data?.shipments.find((x) => x.shipment_id === shipmentId);

  const withdraw = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await ordersApi.withdrawReturn(shipmentId);
      toast.show(res.message, 'success');
      await order.reload();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className={css.page}>
      <OrderTrail
        items={[{ label: `Order ${orderId}`, to: `/account/order/order-details/${orderId}` }, { label: `Shipment ${shipmentId}` }]}
      />
      <h1 className={css.heading}>Shipment {shipmentId}</h1>
      <Alert kind="error">{error ?? order.error ?? (order.data && !s ? 'This shipment is not part of the order.' : null)}</Alert>
      {order.loading && !order.data ? <PageSkeleton /> : null}
      {s ? (
        <>
          <div className={css.panelHead}>
            <StatusBadge status={s.status} label={s.status_label} />
            {s.awb ? <span className={css.muted}>Courier AWB {s.awb}</span> : null}
          </div>
          <section className={css.panel} aria-labelledby="progress">
            <h2 id="progress" style={{ margin: 0, fontSize: '1rem' }}>
              Progress
            </h2>
            <ol className={css.timeline}>
              {s.timeline.map((e) => (
                <li key={`${e.label}-${e.at}-${e.note ?? ''}`}>
                  <strong>{e.label}</strong> <span className={css.muted}>{formatOrderDateTime(e.at)}</span>
                  {e.note ? <p className={css.muted}>{e.note}</p> : null}
                </li>
              ))}
            </ol>
          </section>
          <section className={css.panel} aria-labelledby="items">
            <h2 id="items" style={{ margin: 0, fontSize: '1rem' }}>
              Items
            </h2>
            {s.shipment_items.map((i) => (
              <ItemLine key={i.order_item_id} item={i} />
            ))}
          </section>
          {s.return_request ? (
            <section className={css.panel} aria-labelledby="return" data-testid="return-request">
              <h2 id="return" style={{ margin: 0, fontSize: '1rem' }}>
                Return · {s.return_request.status.replace('_', ' ')}
              </h2>
              <p style={{ margin: 0 }}>Reason: {s.return_request.reason}</p>
              <p className={css.muted}>
                Pickup from {s.return_request.pickup_address.full_name}, {s.return_request.pickup_address.address},{' '}
                {s.return_request.pickup_address.city} {s.return_request.pickup_address.pincode}
              </p>
              {s.return_request.bank_account ? (
                <p className={css.muted}>
                  Refund to {s.return_request.bank_account.bank_name} account {s.return_request.bank_account.account_number_masked}
                </p>
              ) : null}
              {s.return_request.media.length ? (
                <ul className={css.photos} aria-label="Return photos">
                  {s.return_request.media.map((m, i) => (
                    <li key={m.media_id}>
                      <img
                        className={css.photo}
                        src={m.url}
                        alt={`What was returned, ${i + 1} of ${s.return_request?.media.length}`}
                        width={72}
                        height={72}
                      />
                    </li>
                  ))}
                </ul>
              ) : null}
              {s.can_withdraw_return ? (
                <button type="button" className={buttonSecondary} disabled={busy} onClick={withdraw}>
                  Cancel return request
                </button>
              ) : null}
            </section>
          ) : null}
          {s.refunds.length ? (
            <section className={css.panel} aria-labelledby="refunds" data-testid="refunds">
              <h2 id="refunds" style={{ margin: 0, fontSize: '1rem' }}>
                Refunds
              </h2>
              <ul className={css.list}>
                {s.refunds.map((r) => (
                  <li key={r.refund_id}>
                    <strong>{formatPaise(r.amount)}</strong> to your {r.method_label.toLowerCase()} ·{' '}
                    {r.status === 'processed' ? 'Refunded' : r.status === 'pending' ? 'In progress' : 'Failed, our team will contact you'} ·{' '}
                    <span className={css.muted}>{formatOrderDateTime(r.created_at)}</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <ShipmentActions shipment={s} except="track" />
        </>
      ) : null}
    </article>
  );
}
