import { Link } from 'react-router-dom';
import { formatPaise } from '../../../../schemas/money.ts';
import type { FreebieProductsData } from '../../../../schemas/cart.ts';
import { type ActionResult, addFreebie } from '../cart-store.ts';
import { buttonSecondary, card } from '../../../ui/theme/global.css.ts';
import * as blocksCss from '../../../ui/blocks.css.ts';
import * as cartCss from './cart.css.ts';
import * as css from './FreebieProgress.css.ts';

/** How far the cart is from its free gift, or the gift to add once earned (`data`: the cart page's freebie list). */
export function FreebieProgress({ data, onResult }: { data: FreebieProductsData | null; onResult(r: ActionResult): void }) {
  const next = data?.freebies.find((f) => !f.in_cart && f.in_stock);
  if (!data || !next || data.freebies.some((f) => f.in_cart)) return null;
  const pct = Math.min(100, Math.round((data.cart_subtotal / Math.max(next.threshold, 1)) * 100));
  return (
    <section className={card} aria-label="Free gift" data-testid="freebie-progress">
      {next.eligible ? (
        <div className={cartCss.row} style={{ justifyContent: 'space-between' }}>
          <span>
            <span className={blocksCss.badge.free}>FREE GIFT</span> You have unlocked <strong>{next.name}</strong>.
          </span>
          <button type="button" className={buttonSecondary} onClick={async () => onResult(await addFreebie(next))}>
            Add free gift
          </button>
        </div>
      ) : (
        <>
          <p style={{ margin: '0 0 8px' }}>
            Add items worth <strong>{formatPaise(next.amount_needed)}</strong> more to get <strong>{next.name}</strong> free.{' '}
            <Link to="/freebies">See free gifts</Link>
          </p>
          <div
            className={css.progress}
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={pct}
            aria-label="Progress to the free gift"
          >
            <div className={css.progressBar} style={{ width: `${pct}%` }} />
          </div>
        </>
      )}
    </section>
  );
}
