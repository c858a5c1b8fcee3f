import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatPaise } from '../../../../../schemas/money.ts';
import { OPS_SHIPMENT_STATUSES, SHIPMENT_STATUS_LABELS } from '../../../../../schemas/shipment-status.ts';
import type { OpsOrder, OpsOrderRow, OpsShipment } from '../../../../../schemas/ops-orders.ts';
import { PAYMENT_METHODS } from '../../../../../schemas/payment-rules.ts';
import type { z } from 'zod';
import type { OpsOrdersResponse } from '../../../../../schemas/ops-orders.ts';
import type { CancelItemsPreviewResponse } from '../../../../../schemas/staff-catalogue.ts';
import { findOrders, invoiceUrl, moveShipment, type OrderFilters, opsOrder } from '../../api.ts';
import { type CancelLine, cancelItems, previewItemsCancel } from '../../api-catalogue.ts';
import { css } from '../console-styles.ts';
import { DataTable, ErrorLine, indiaTime, messageOf, Pager, Status, type StatusLine } from '../shared.tsx';
import { offeredMoves, type ShipmentRights } from './shipment-actions.ts';

// Orders (docs/decisions/019): find by status, day, payment, pincode and customer; an order's page with each
// shipment's timeline and the moves it can take now. The server decides every move (the orders module's lifecycle).

const STATUSES = OPS_SHIPMENT_STATUSES.map((s) => [s, SHIPMENT_STATUS_LABELS[s]] as const);

export default function Orders({ orderId, ...rights }: { orderId: string | null } & ShipmentRights) {
  return orderId ? <OrderPage orderId={orderId} {...rights} /> : <OrderList />;
}

type OrdersPage = z.infer<typeof OpsOrdersResponse>['data'];

function OrderList() {
  const [rows, setRows] = useState<OpsOrderRow[] | null>(null);
  const [paging, setPaging] = useState<Pick<OrdersPage, 'page' | 'pages' | 'total'> | null>(null);
  const [filters, setFilters] = useState<OrderFilters>({});
  const [error, setError] = useState('');
  const search = useCallback(async (next: OrderFilters, page = 1) => {
    setError('');
    setFilters(next);
    try {
      const { data } = await findOrders({ ...next, page: String(page) });
      setRows(data.orders);
      setPaging({ page: data.page, pages: data.pages, total: data.total });
    } catch (e) {
      setError(messageOf(e));
    }
  }, []);
  useEffect(() => {
    void search({});
  }, [search]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (k: string) => String(form.get(k) ?? '').trim() || undefined;
    void search({
      q: value('q'),
      status: value('status'),
      from: value('from'),
      to: value('to'),
      payment: value('payment'),
      pincode: value('pincode'),
    });
  };
  return (
    <section aria-labelledby="ops-orders">
      <h1 id="ops-orders" className={css.heading}>
        Orders
      </h1>
      <form className={css.filters} role="search" aria-label="Filter orders" onSubmit={submit}>
        <label className={css.field}>
          Order number or customer
          <input className={css.input} name="q" type="search" />
        </label>
        <label className={css.field}>
          Shipment status
          <select className={css.input} name="status" defaultValue="">
            <option value="">Any</option>
            {STATUSES.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <label className={css.field}>
          Placed from
          <input className={css.input} name="from" type="date" />
        </label>
        <label className={css.field}>
          Placed until
          <input className={css.input} name="to" type="date" />
        </label>
        <label className={css.field}>
          Payment
          <select className={css.input} name="payment" defaultValue="">
            <option value="">Any</option>
            {PAYMENT_METHODS.map((m) => (
              <option key={m.code} value={m.code}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
        <label className={css.field}>
          Pincode
          <input className={css.input} name="pincode" inputMode="numeric" pattern="\d{6}" maxLength={6} />
        </label>
        <button className={css.button} type="submit">
          Search
        </button>
      </form>
      <ErrorLine text={error} />
      <DataTable
        label="Orders"
        columns={['Order', 'Placed', 'Customer', 'Pincode', 'Payment', 'Total', 'Shipments']}
        rows={rows}
        rowKey={(r) => r.order_id}
        empty="No orders match."
        cells={(r) => [
          <Link key="o" to={`/ops/orders/${r.order_id}`}>
            {r.order_id}
          </Link>,
          r.placed_at ? indiaTime(r.placed_at) : '',
          r.customer,
          r.pincode,
          r.payment,
          formatPaise(r.total),
          r.shipments.map((s) => s.status_label).join(', '),
        ]}
      />
      {paging && <Pager page={paging.page} pages={paging.pages} total={paging.total} onPage={(page) => void search(filters, page)} />}
    </section>
  );
}

function OrderPage({ orderId, ...rights }: { orderId: string } & ShipmentRights) {
  const [order, setOrder] = useState<OpsOrder | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(async () => {
    try {
      setOrder((await opsOrder(orderId)).data);
    } catch (e) {
      setError(messageOf(e));
    }
  }, [orderId]);
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <section aria-labelledby="ops-order">
      <p>
        <Link to="/ops/orders">All orders</Link>
      </p>
      <h1 id="ops-order" className={css.heading}>
        Order {orderId}
      </h1>
      <ErrorLine text={error} />
      {!order && !error && <p>Loading…</p>}
      {order && (
        <>
          <div className={css.facts}>
            <p>
              <strong>Customer</strong>
              <br />
              {order.customer.name} · {order.customer.email ?? order.customer.mobile}
            </p>
            <p>
              <strong>Deliver to</strong>
              <br />
              {order.address.full_name}, {order.address.address}, {order.address.city}, {order.address.state} {order.address.pincode}
            </p>
            <p>
              <strong>Payment</strong>
              <br />
              {order.payment}: {formatPaise(order.total)} (paid {formatPaise(order.paid_total)})
              {order.coupon_code && ` · coupon ${order.coupon_code}`}
            </p>
            <p>
              <strong>Placed</strong>
              <br />
              {order.placed_at ? indiaTime(order.placed_at) : 'Not placed'}
            </p>
          </div>
          {order.shipments.map((s) => (
            <ShipmentCard key={s.shipment_id} shipment={s} rights={rights} onMoved={load} />
          ))}
        </>
      )}
    </section>
  );
}

const ACTION_LABELS: Record<string, string> = {
  pack: 'Pack',
  deliver: 'Mark delivered',
  'pickup-return': 'Return picked up',
  'receive-return': 'Receive return',
};

function ShipmentCard({ shipment: s, rights, onMoved }: { shipment: OpsShipment; rights: ShipmentRights; onMoved: () => Promise<void> }) {
  const offered = offeredMoves(s.actions, rights);
  const [status, setStatus] = useState<StatusLine>(null);
  const [busy, setBusy] = useState(false);
  const run = async (action: string, body: { awb?: string; comment?: string } = {}) => {
    setBusy(true);
    try {
      const answer = await moveShipment(s.shipment_id, action, body);
      setStatus({ kind: 'saved', text: answer.message });
      await onMoved();
    } catch (e) {
      setStatus({ kind: 'error', text: messageOf(e) });
    } finally {
      setBusy(false);
    }
  };
  const headingId = `ops-shipment-${s.shipment_id}`;
  return (
    <article className={css.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={css.subheading}>
        Shipment {s.shipment_id}: {s.status_label}
        {s.awb && ` · AWB ${s.awb}`}
      </h2>
      <DataTable
        label={`Items of shipment ${s.shipment_id}`}
        columns={['Item', 'SKU', 'Quantity', 'Cancelled', 'Returned', 'Price']}
        rows={s.items}
        rowKey={(i) => i.order_item_id}
        cells={(i) => [i.name, i.sku, i.quantity, i.cancelled, i.returned, formatPaise(i.sale_price)]}
      />
      {offered.includes('cancel') && <CancelItems shipment={s} onCancelled={onMoved} />}
      <h3 className={css.minor}>Timeline</h3>
      <ol className={css.timeline}>
        {s.timeline.map((e) => (
          <li key={`${e.at}-${e.status}-${e.label}`}>
            <strong>{e.label}</strong> · {indiaTime(e.at)}
            {e.note && ` · ${e.note}`}
          </li>
        ))}
      </ol>
      {s.refunds.length > 0 && (
        <>
          <h3 className={css.minor}>Refunds</h3>
          <DataTable
            label={`Refunds of shipment ${s.shipment_id}`}
            columns={['Refund', 'Reason', 'Method', 'Amount', 'Status']}
            rows={s.refunds}
            rowKey={(r) => r.refund_id}
            cells={(r) => [
              r.refund_id,
              r.reason,
              r.method === 'bank' ? 'Bank transfer' : 'Original payment',
              formatPaise(r.amount),
              r.failure_reason ? `${r.status}: ${r.failure_reason}` : r.status,
            ]}
          />
        </>
      )}
      <div className={css.searchRow}>
        {s.has_invoice && (
          <a className={css.linkButton} href={invoiceUrl(s.shipment_id)} download>
            Invoice<span className="ops-hidden"> of shipment {s.shipment_id}</span>
          </a>
        )}
        {offered
          .filter((a) => a in ACTION_LABELS)
          .map((a) => (
            <button key={a} type="button" className={css.button} disabled={busy} onClick={() => run(a)}>
              {ACTION_LABELS[a]}
            </button>
          ))}
      </div>
      {offered.includes('ship') && (
        <form
          className={css.searchRow}
          aria-label={`Ship ${s.shipment_id}`}
          onSubmit={(e) => {
            e.preventDefault();
            void run('ship', { awb: String(new FormData(e.currentTarget).get('awb') ?? '').trim() });
          }}
        >
          <label className={css.field}>
            Courier AWB
            <input className={css.input} name="awb" required pattern="[A-Za-z0-9]{6,20}" maxLength={20} autoComplete="off" />
          </label>
          <button className={css.button} type="submit" disabled={busy}>
            Ship
          </button>
        </form>
      )}
      {offered.includes('cancel') && (
        <form
          className={css.searchRow}
          aria-label={`Cancel ${s.shipment_id}`}
          onSubmit={(e) => {
            e.preventDefault();
            // A cancellation refunds and restocks at once: asked twice.
            if (!window.confirm(`Cancel shipment ${s.shipment_id}? Its units go back to stock and a paid order is refunded.`)) return;
            void run('cancel', { comment: String(new FormData(e.currentTarget).get('comment') ?? '').trim() || undefined });
          }}
        >
          <label className={css.field}>
            Reason for cancelling
            <input className={css.input} name="comment" maxLength={500} />
          </label>
          <button className={css.danger} type="submit" disabled={busy}>
            Cancel shipment
          </button>
        </form>
      )}
      <Status status={status} />
    </article>
  );
}

type Refund = z.infer<typeof CancelItemsPreviewResponse>['data']['refund'];

/**
 * Cancel some units of some lines: choose, see the refund the cancel flow computes (promotion rules included), confirm.
 * Changing a count drops the preview, so what is confirmed is always what was previewed.
 */
function CancelItems({ shipment: s, onCancelled }: { shipment: OpsShipment; onCancelled: () => Promise<void> }) {
  const left = (i: OpsShipment['items'][number]) => i.quantity - i.cancelled - i.returned;
  const open = s.items.filter((i) => left(i) > 0);
  const [units, setUnits] = useState<Record<number, string>>({});
  const [comment, setComment] = useState('');
  const [refund, setRefund] = useState<Refund | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<StatusLine>(null);
  if (open.length === 0) return null;
  const chosen = (): CancelLine[] | null => {
    const lines: CancelLine[] = [];
    for (const i of open) {
      const text = (units[i.order_item_id] ?? '').trim();
      if (!text || text === '0') continue;
      if (!/^\d+$/.test(text) || Number(text) > left(i)) return null;
      lines.push({ order_item_id: i.order_item_id, quantity: Number(text) });
    }
    return lines;
  };
  const call = async (fn: (lines: CancelLine[]) => Promise<void>) => {
    const lines = chosen();
    if (lines === null) return setStatus({ kind: 'error', text: 'Enter whole units, no more than each line has left.' });
    if (lines.length === 0) return setStatus({ kind: 'error', text: 'Choose at least one item to cancel.' });
    setBusy(true);
    try {
      await fn(lines);
    } catch (e) {
      setStatus({ kind: 'error', text: messageOf(e) });
    } finally {
      setBusy(false);
    }
  };
  const preview = () =>
    call(async (lines) => {
      setRefund((await previewItemsCancel(s.shipment_id, lines)).data.refund);
      setStatus(null);
    });
  const confirm = () =>
    call(async (lines) => {
      const answer = await cancelItems(s.shipment_id, lines, comment.trim() || undefined);
      setStatus({ kind: 'saved', text: `${answer.message} Refund ${formatPaise(answer.data.refund.amount)}.` });
      setRefund(null);
      setUnits({});
      await onCancelled();
    });
  return (
    <details>
      <summary>
        Cancel some items<span className="ops-hidden"> of shipment {s.shipment_id}</span>
      </summary>
      <form
        aria-label={`Cancel items of ${s.shipment_id}`}
        className={css.filters}
        onSubmit={(e) => {
          e.preventDefault();
          void preview();
        }}
      >
        {open.map((i) => (
          <label key={i.order_item_id} className={css.field}>
            {i.name} (up to {left(i)})
            <input
              className={css.money}
              inputMode="numeric"
              value={units[i.order_item_id] ?? ''}
              placeholder="0"
              onChange={(e) => {
                setUnits((u) => ({ ...u, [i.order_item_id]: e.target.value }));
                setRefund(null);
              }}
            />
          </label>
        ))}
        <label className={css.field}>
          Reason
          <input className={css.input} value={comment} maxLength={500} onChange={(e) => setComment(e.target.value)} />
        </label>
        <button className={css.button} type="submit" disabled={busy}>
          Preview refund
        </button>
      </form>
      {refund && (
        <div className={css.searchRow}>
          <p className={css.minor}>
            Refund {formatPaise(refund.amount)}
            {refund.amount > 0 && ` to ${refund.method_label}`}
            {refund.due_on_delivery ? ` · collect ${formatPaise(refund.due_on_delivery)} more on delivery` : ''}
            {refund.note && ` · ${refund.note}`}
          </p>
          <button type="button" className={css.danger} disabled={busy} onClick={() => void confirm()}>
            Confirm cancel
          </button>
        </div>
      )}
      <Status status={status} />
    </details>
  );
}
