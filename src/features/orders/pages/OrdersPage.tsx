import { useState } from 'react';
import { Alert } from '../../../ui/form/Fields.tsx';
import { useResource } from '../../../api/page-resource.ts';
import { Link } from 'react-router-dom';
import { formatPaise } from '../../../../schemas/money.ts';
import { formatOrderDate } from '../../../../schemas/orders.ts';
import { usePageMeta } from '../../../ui/meta.tsx';
import { Img } from '../../../ui/Img.tsx';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { buttonSecondary } from '../../../ui/theme/global.css.ts';
import { ordersApi } from '../api.ts';
import * as css from '../components/orders.css.ts';
import { OrderTrail } from '../components/OrderTrail.tsx';
import { StatusBadge } from '../components/StatusBadge.tsx';
import { PayNow } from '../components/PayNow.tsx';

const PAGE_SIZE = 10;

/** /account/order: the shopper's orders, newest first, ten to a page. */
export default function OrdersPage() {
  usePageMeta(null);
  const [page, setPage] = useState(1);
  const list = useResource(() => ordersApi.list(page, PAGE_SIZE).then((r) => r.data), [page]);
  const data = list.data;
  return (
    <article className={css.page}>
      <OrderTrail items={[]} />
      <h1 className={css.heading}>My Orders</h1>
      <Alert kind="error">{list.error}</Alert>
      {list.loading && !data ? (
        <div role="status" aria-label="Loading your orders" className={css.list}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={120} />
          ))}
        </div>
      ) : null}
      {data && data.orders.length === 0 ? (
        <div className={css.panel}>
          <p>You have not placed an order yet.</p>
          <Link to="/">Start shopping</Link>
        </div>
      ) : null}
      {data ? (
        <ul className={css.list} aria-label="Orders">
          {data.orders.map((o) => (
            <li key={o.order_id} className={css.panel} data-testid="order-card">
              <div className={css.panelHead}>
                <h2 style={{ margin: 0, fontSize: '1.05rem' }}>Order {o.order_id}</h2>
                <StatusBadge label={o.status_label} status={o.shipments.length === 1 ? o.shipments[0].status : undefined} />
              </div>
              <p className={css.muted}>
                Placed on {formatOrderDate(o.created_at)} · {o.item_count} {o.item_count === 1 ? 'item' : 'items'} ·{' '}
                {o.display_payment_method}
              </p>
              {o.pay_by ? <PayNow orderId={o.order_id} payBy={o.pay_by} /> : null}
              <div className={css.thumbs}>
                {o.thumbnails.map((src, i) => (
                  <Img key={src} src={src} alt={o.names[i] ?? ''} width={56} height={56} className={css.itemImage} />
                ))}
              </div>
              <div className={css.panelHead}>
                <strong>{formatPaise(o.total)}</strong>
                <Link
                  className={css.actionLink}
                  to={`/account/order/order-details/${o.order_id}`}
                  aria-label={`View details of order ${o.order_id}`}
                >
                  View details
                </Link>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {data && (data.page > 1 || data.has_next) ? (
        <nav className={css.pager} aria-label="Order pages">
          <button type="button" className={buttonSecondary} disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Newer orders
          </button>
          <span className={css.muted}>Page {data.page}</span>
          <button type="button" className={buttonSecondary} disabled={!data.has_next} onClick={() => setPage((p) => p + 1)}>
            Older orders
          </button>
        </nav>
      ) : null}
    </article>
  );
}
