import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import { addressApi } from '../../account/index.ts';
import { Alert } from '../../../ui/form/Fields.tsx';
import { useResource } from '../../../api/page-resource.ts';
import { messageOf } from '../../../api/resource.ts';
import { useParams } from 'react-router-dom';
import { formatPaise } from '../../../../schemas/money.ts';
import { MAX_RETURN_PHOTOS, type RefundAmount } from '../../../../schemas/orders.ts';
import { usePageMeta } from '../../../ui/meta.tsx';
import * as field from '../../../ui/form/form-styles.ts';
import { PageSkeleton } from '../../../ui/Skeleton.tsx';
import { useToast } from '../../../ui/Toast.tsx';
import { button } from '../../../ui/theme/global.css.ts';
import { orderOfShipment, ordersApi } from '../api.ts';
import { BankAccountForm } from '../components/BankAccountForm.tsx';
import { ItemLine } from '../components/ItemLine.tsx';
import * as css from '../components/orders.css.ts';
import { UnitsPicker } from '../components/UnitsPicker.tsx';
import { OrderTrail } from '../components/OrderTrail.tsx';
import { ReasonSelect } from '../components/ReasonSelect.tsx';
import { CommentField, useShipmentRequest } from '../components/ShipmentRequest.tsx';

/**
 * /account/order/return-item/{shipment}: choose items and a reason, add photos, confirm the pickup address, see the
 * refund, and (for pay on delivery) the bank account it goes to.
 */
export default function ReturnItemPage() {
  usePageMeta(null);
  const { orderId: shipmentId = '' } = useParams();
  const orderId = orderOfShipment(shipmentId);
  const details = useResource(() => ordersApi.returnDetails(shipmentId).then((r) => r.data), [shipmentId]);
  const reasons = useResource(() => ordersApi.returnReasons().then((r) => r.data));
  const addresses = useResource(() => addressApi.list().then((r) => r.data));
  const d = details.data;
  const bankNeeded = d?.refund_method === 'bank';
  const banks = useResource(() => (bankNeeded ? ordersApi.bankListing().then((r) => r.data) : Promise.resolve([])), [bankNeeded]);
  const [picked, setPicked] = useState<Record<number, number>>({});
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const [photos, setPhotos] = useState<Array<{ media_id: string; url: string }>>([]);
  const [uploading, setUploading] = useState(false);
  const [quote, setQuote] = useState<RefundAmount | null>(null);
  const [bankId, setBankId] = useState<number | null>(null);
  const [addingBank, setAddingBank] = useState(false);
  const { busy, error, setError, send } = useShipmentRequest(shipmentId);
  const toast = useToast();

  const returnable = d?.items.filter((i) => i.returnable_quantity > 0) ?? [];
  const items = Object.entries(picked)
    .filter(([, q]) => q > 0)
    .map(([id, quantity]) => ({ order_item_id: Number(id), quantity }));
  const selectionKey = JSON.stringify(items);

  // The refund follows the selection (return-shipment-refund-amount).
  // biome-ignore lint/correctness/useExhaustiveDependencies: selectionKey stands for the selection.
  useEffect(() => {
    if (items.length === 0) return setQuote(null);
    let live = true;
    ordersApi
      .refundAmount(shipmentId, items)
      .then((r) => live && setQuote(r.data))
      .catch((e) => live && setError(messageOf(e)));
    return () => {
      live = false;
    };
  }, [selectionKey, shipmentId]);

  useEffect(() => {
    if (bankId === null && banks.data?.length) setBankId(banks.data[0].bank_account_id);
  }, [banks.data, bankId]);

  const onPhoto = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    setUploading(true);
    setError(null);
    try {
      for (const file of files.slice(0, MAX_RETURN_PHOTOS - photos.length)) {
        const res = await ordersApi.uploadPhoto(shipmentId, file);
        setPhotos((p) => [...p, { media_id: res.data.media_id, url: res.data.url }]);
      }
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setUploading(false);
    }
  };

  const choosePickup = async (addressId: number) => {
    try {
      const res = await ordersApi.setPickupAddress(shipmentId, addressId);
      toast.show(res.message, 'success');
      await details.reload();
    } catch (err) {
      setError(messageOf(err));
    }
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (items.length === 0) return setError('Please choose at least one item.');
    if (!reason) return setError('Please choose a reason.');
    if (photos.length === 0) return setError('Please add at least one photo of the item.');
    if (bankNeeded && !bankId) return setError('Please add a bank account for your refund.');
    await send(async () => {
      const res = await ordersApi.submitReturn({
        shipmentId,
        reason_id: reason,
        comment: comment.trim() || null,
        items,
        media_ids: photos.map((p) => p.media_id),
        bank_account_id: bankNeeded ? bankId : null,
      });
      return res.message;
    });
  };

  return (
    <article className={css.page}>
      <OrderTrail items={[{ label: `Order ${orderId}`, to: `/account/order/order-details/${orderId}` }, { label: 'Return items' }]} />
      <h1 className={css.heading}>Return items of shipment {shipmentId}</h1>
      <Alert kind="error">{error ?? details.error ?? reasons.error}</Alert>
      {details.loading && !d ? <PageSkeleton /> : null}
      {d && !d.can_return ? <p>This shipment cannot be returned now ({d.status.replace(/_/g, ' ')}).</p> : null}
      {d?.can_return ? (
        <form onSubmit={onSubmit} className={css.page} noValidate aria-label="Return items">
          <fieldset className={css.panel}>
            <legend className={field.label}>Which items?</legend>
            {returnable.map((i) => (
              <ItemLine key={i.order_item_id} item={i}>
                <UnitsPicker
                  id={`ret-${i.order_item_id}`}
                  verb="Return"
                  name={i.name}
                  max={i.returnable_quantity}
                  value={picked[i.order_item_id] ?? 0}
                  onChange={(n) => setPicked((p) => ({ ...p, [i.order_item_id]: n }))}
                />
              </ItemLine>
            ))}
          </fieldset>
          <ReasonSelect label="Reason for returning" reasons={reasons.data ?? []} value={reason} onChange={setReason} />
          <CommentField label="Tell us more (optional)" value={comment} onChange={setComment} />
          <section className={css.panel} aria-labelledby="photos-title">
            <h2 id="photos-title" style={{ margin: 0, fontSize: '1rem' }}>
              Photos of the item
            </h2>
            <p className={css.muted}>JPEG, PNG or WebP, up to 5 MB each, at most {MAX_RETURN_PHOTOS}.</p>
            {photos.length ? (
              <ul className={css.photos} aria-label="Added photos">
                {photos.map((p, i) => (
                  <li key={p.media_id}>
                    <img className={css.photo} src={p.url} alt={`Added ${i + 1} of ${photos.length}`} width={72} height={72} />
                  </li>
                ))}
              </ul>
            ) : null}
            {photos.length < MAX_RETURN_PHOTOS ? (
              <label className={css.actionLink} style={{ justifySelf: 'start', cursor: 'pointer' }}>
                {uploading ? 'Uploading…' : 'Add photos'}
                <input
                  type="file"
                  accept="image/jpeg,image/png,image/webp"
                  multiple
                  onChange={onPhoto}
                  disabled={uploading}
                  style={{ position: 'absolute', opacity: 0, width: 1, height: 1 }}
                />
              </label>
            ) : null}
          </section>
          <section className={css.panel} aria-labelledby="pickup-title">
            <h2 id="pickup-title" style={{ margin: 0, fontSize: '1rem' }}>
              Pickup address
            </h2>
            <p style={{ margin: 0 }} data-testid="pickup-address">
              {d.pickup_address.full_name}, {d.pickup_address.address}, {d.pickup_address.city}, {d.pickup_address.state}{' '}
              {d.pickup_address.pincode}
            </p>
            {addresses.data?.length ? (
              <div className={field.field}>
                <label htmlFor="pickup-choice" className={field.label}>
                  Pick up from another address
                </label>
                <div className={field.control}>
                  <select
                    id="pickup-choice"
                    className={field.input}
                    value={d.pickup_address_id ?? ''}
                    onChange={(e) => e.target.value && choosePickup(Number(e.target.value))}
                  >
                    <option value="">Delivery address</option>
                    {addresses.data.map((a) => (
                      <option key={a.address_id} value={a.address_id}>
                        {a.full_name}, {a.address}, {a.pincode}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
            ) : null}
          </section>
          <section className={css.panel} aria-labelledby="refund-title">
            <h2 id="refund-title" style={{ margin: 0, fontSize: '1rem' }}>
              Refund
            </h2>
            <p style={{ margin: 0 }} data-testid="refund-amount">
              {quote ? `${formatPaise(quote.amount)} · ${d.refund_method_label}` : `${d.refund_method_label} once the items are picked up.`}
            </p>
            {quote?.note ? (
              <p style={{ margin: 0 }} data-testid="refund-note">
                {quote.note}
              </p>
            ) : null}
            {bankNeeded ? (
              <>
                {banks.data?.length ? (
                  <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
                    <legend className={field.label}>Refund to</legend>
                    {banks.data.map((b) => (
                      <label key={b.bank_account_id} className={css.choice}>
                        <input
                          type="radio"
                          name="bank"
                          checked={bankId === b.bank_account_id}
                          onChange={() => setBankId(b.bank_account_id)}
                        />
                        {b.bank_name} {b.account_number_masked} · {b.account_holder}
                      </label>
                    ))}
                  </fieldset>
                ) : null}
                {addingBank || !banks.data?.length ? (
                  <BankAccountForm
                    onSaved={(account) => {
                      setAddingBank(false);
                      setBankId(account.bank_account_id);
                      toast.show('Bank account saved.', 'success');
                      void banks.reload();
                    }}
                  />
                ) : (
                  <button
                    type="button"
                    className={field.inlineButton}
                    style={{ justifySelf: 'start', minHeight: 44 }}
                    onClick={() => setAddingBank(true)}
                  >
                    Add another bank account
                  </button>
                )}
              </>
            ) : null}
          </section>
          <button type="submit" className={button} disabled={busy || uploading}>
            Request return
          </button>
        </form>
      ) : null}
    </article>
  );
}
