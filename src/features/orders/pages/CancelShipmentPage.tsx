import { type FormEvent, useEffect, useState } from 'react';
import { Alert } from '../../../ui/form/Fields.tsx';
import { useResource } from '../../../api/page-resource.ts';
import { messageOf } from '../../../api/resource.ts';
import type { CancelResult } from '../../../../schemas/orders.ts';
import { useParams } from 'react-router-dom';
import { formatPaise } from '../../../../schemas/money.ts';
import { usePageMeta } from '../../../ui/meta.tsx';
import * as field from '../../../ui/form/form-styles.ts';
import { PageSkeleton } from '../../../ui/Skeleton.tsx';
import { button } from '../../../ui/theme/global.css.ts';
import { orderOfShipment, ordersApi } from '../api.ts';
import { ItemLine } from '../components/ItemLine.tsx';
import * as css from '../components/orders.css.ts';
import { OrderTrail } from '../components/OrderTrail.tsx';
import { ReasonSelect } from '../components/ReasonSelect.tsx';
import { CommentField, useShipmentRequest } from '../components/ShipmentRequest.tsx';
import { UnitsPicker } from '../components/UnitsPicker.tsx';
import { useOrder } from '../components/useOrder.ts';

/** /account/order/cancel-shipment/{shipment}: cancel the whole shipment or some of its items, with a reason. */
export default function CancelShipmentPage() {
  usePageMeta(null);
  const { orderId: shipmentId = '' } = useParams();
  const orderId = orderOfShipment(shipmentId);
  const order = useOrder(orderId);
  const reasons = useResource(() => ordersApi.cancelReasons().then((r) => r.data));
  const [picked, setPicked] = useState<Record<number, number>>({});
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const { busy, error, setError, send } = useShipmentRequest(shipmentId);
  const s = order.data?.shipments.find((x) => x.shipment_id === shipmentId);
  const cancellable = s?.shipment_items.filter((i) => i.cancellable_quantity > 0) ?? [];
  const everything = cancellable.length > 0 && cancellable.every((i) => picked[i.order_item_id] === i.cancellable_quantity);
  const chosen = Object.entries(picked)
    .filter(([, q]) => q > 0)
    .map(([id, quantity]) => ({ order_item_id: Number(id), quantity }));
  const selectionKey = JSON.stringify(chosen);
  const [preview, setPreview] = useState<CancelResult['refund'] | null>(null);

  // What the cancellation would refund, or add to pay on delivery, is shown before the shopper confirms
  // (cancel-refund-amount), with the promotion it costs.
  // biome-ignore lint/correctness/useExhaustiveDependencies: selectionKey stands for the selection.
  useEffect(() => {
    if (chosen.length === 0) return setPreview(null);
    let live = true;
    ordersApi
      .cancelPreview(shipmentId, everything ? null : chosen)
      .then((r) => live && setPreview(r.data))
      .catch((e) => live && setError(messageOf(e)));
    return () => {
      live = false;
    };
  }, [selectionKey, shipmentId, everything]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const items = Object.entries(picked)
      .filter(([, q]) => q > 0)
      .map(([id, quantity]) => ({ order_item_id: Number(id), quantity }));
    if (items.length === 0) return setError('Please choose at least one item.');
    if (!reason) return setError('Please choose a reason.');
    await send(async () => {
      const body = { shipmentId, reason_id: reason, comment: comment.trim() || null };
      const res = everything ? await ordersApi.cancel(body) : await ordersApi.cancelItems({ ...body, items });
      const refund =
        res.data.refund.amount > 0
          ? ` ${formatPaise(res.data.refund.amount)} will be refunded to your ${res.data.refund.method_label.toLowerCase()}.`
          : '';
      return `${res.message}${refund}`;
    });
  };

  return (
    <article className={css.page}>
      <OrderTrail items={[{ label: `Order ${orderId}`, to: `/account/order/order-details/${orderId}` }, { label: 'Cancel items' }]} />
      <h1 className={css.heading}>Cancel items of shipment {shipmentId}</h1>
      <Alert kind="error">{error ?? order.error ?? reasons.error}</Alert>
      {order.loading && !order.data ? <PageSkeleton /> : null}
      {s && cancellable.length === 0 ? <p>This shipment can no longer be cancelled ({s.status_label.toLowerCase()}).</p> : null}
      {s && cancellable.length > 0 ? (
        <form onSubmit={onSubmit} className={css.page} noValidate aria-label="Cancel items">
          <fieldset className={css.panel}>
            <legend className={field.label}>Which items?</legend>
            {cancellable.map((i) => (
              <ItemLine key={i.order_item_id} item={i}>
                <UnitsPicker
                  id={`qty-${i.order_item_id}`}
                  verb="Cancel"
                  name={i.name}
                  max={i.cancellable_quantity}
                  value={picked[i.order_item_id] ?? 0}
                  onChange={(n) => setPicked((p) => ({ ...p, [i.order_item_id]: n }))}
                  showMax
                />
              </ItemLine>
            ))}
          </fieldset>
          {preview ? (
            <section className={css.panel} aria-labelledby="cancel-refund-title" aria-live="polite">
              <h2 id="cancel-refund-title" style={{ margin: 0, fontSize: '1rem' }}>
                {preview.amount > 0 ? 'Refund' : 'Payment'}
              </h2>
              <p style={{ margin: 0 }} data-testid="cancel-refund">
                {preview.amount > 0 ? `${formatPaise(preview.amount)} · ${preview.method_label}` : preview.method_label}
              </p>
              {preview.note ? (
                <p style={{ margin: 0 }} data-testid="cancel-note">
                  {preview.note}
                </p>
              ) : null}
            </section>
          ) : null}
          <ReasonSelect label="Reason for cancelling" reasons={reasons.data ?? []} value={reason} onChange={setReason} />
          <CommentField label="Comment (optional)" value={comment} onChange={setComment} />
          <button type="submit" className={button} disabled={busy}>
            {everything ? 'Cancel shipment' : 'Cancel selected items'}
          </button>
        </form>
      ) : null}
    </article>
  );
}
