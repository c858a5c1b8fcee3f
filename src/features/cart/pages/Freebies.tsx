import { report } from '../../../../events/index.ts';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { formatPaise } from '../../../../schemas/money.ts';
import { type ActionResult, addFreebie, freebieItem } from '../cart-store.ts';

import { useCart, useFreebies } from '../hooks.ts';
import * as blocksCss from '../../../ui/blocks.css.ts';
import * as cartCss from '../components/cart.css.ts';
import { Img } from '../../../ui/Img.tsx';
import { PageSkeleton } from '../../../ui/Skeleton.tsx';
import { useToast } from '../../../ui/Toast.tsx';
import { button, card } from '../../../ui/theme/global.css.ts';

/** The free gifts: each with its threshold, how far this cart is from it, and an add button once earned. */
export default function FreebiesPage() {
  const { data, loading, error } = useFreebies();
  useCart();
  const toast = useToast();
  const onResult = (r: ActionResult) => toast.show(r.message, r.ok ? 'success' : 'error');
  const reported = useRef(false);
  useEffect(() => {
    if (reported.current || !data || data.freebies.length === 0) return;
    reported.current = true;
    report({
      name: 'freebie_list_viewed',
      items: data.freebies.map(freebieItem),
    });
  }, [data]);
  if (loading && !data) return <PageSkeleton />;
  return (
    <div className={blocksCss.column}>
      <h1 style={{ margin: 0 }}>Free Gifts</h1>
      <p className={blocksCss.meta} style={{ margin: 0 }}>
        Reach the cart value shown and pick your gift. It is free, and it leaves the cart if the cart falls below the value again.
      </p>
      {error && (
        <p role="alert" className={blocksCss.badge.danger}>
          {error}
        </p>
      )}
      {data && data.freebies.length === 0 && <p>No free gifts right now. Check back soon.</p>}
      <div className={blocksCss.grid}>
        {data?.freebies.map((f) => (
          <article key={f.freebie_id} className={card} style={{ display: 'grid', gap: 8 }} data-testid="freebie">
            <Img src={f.thumbnail_image} alt="" width={200} height={200} />
            <strong>{f.name}</strong>
            <span className={blocksCss.meta}>{f.title}</span>
            <span>
              <s className={blocksCss.meta}>{formatPaise(f.mrp)}</s> <span className={blocksCss.badge.free}>FREE</span>
            </span>
            {f.in_cart ? (
              <span className={cartCss.saving}>In your cart</span>
            ) : f.eligible ? (
              <button type="button" className={button} disabled={!f.in_stock} onClick={async () => onResult(await addFreebie(f))}>
                {f.in_stock ? 'Add free gift' : 'Out of stock'}
              </button>
            ) : (
              <span className={blocksCss.meta}>
                Add items worth <strong>{formatPaise(f.amount_needed)}</strong> more (on orders of {formatPaise(f.threshold)}).
              </span>
            )}
          </article>
        ))}
      </div>
      <Link to="/cart">Go to cart</Link>
    </div>
  );
}
