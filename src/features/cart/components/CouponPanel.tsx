import { useEffect, useId, useState } from 'react';
import { useStore } from '../../../api/resource.ts';
import type { CartMeta, DynamicCoupon } from '../../../../schemas/cart.ts';
import { formatPaise } from '../../../../schemas/money.ts';
import { type ActionResult, applyCoupon, removeCoupon } from '../cart-store.ts';
import { couponStore } from '../stores.ts';
import { buttonSecondary, card } from '../../../ui/theme/global.css.ts';
import * as couponCss from '../../../ui/coupon.css.ts';
import * as css from './CouponPanel.css.ts';
import * as blocksCss from '../../../ui/blocks.css.ts';
import * as cartCss from './cart.css.ts';

/** Coupon entry, the applied coupon, and every live coupon checked against this cart (dynamic-coupon-list). */
export function CouponPanel({ meta, discount, onResult }: { meta: CartMeta; discount: number; onResult(r: ActionResult): void }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A store, so a cart rendered on the server shows its coupons in the HTML and nothing moves when they would
  // have arrived (src/api/prefetch.ts); a failed list shows none.
  const coupons: DynamicCoupon[] | null = useStore(couponStore).data;
  const inputId = useId();

  // Re-checked whenever the cart changes (its version moves).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the cart version is the trigger to re-read.
  useEffect(() => {
    void couponStore.loadForPage();
  }, [meta.version]);

  const apply = async (value: string) => {
    if (!value.trim()) return setError('Please enter a coupon code');
    setBusy(true);
    const r = await applyCoupon(value);
    setBusy(false);
    setError(r.ok ? null : r.message);
    if (r.ok) setCode('');
    onResult(r);
  };
  const remove = async () => {
    setBusy(true);
    const r = await removeCoupon();
    setBusy(false);
    onResult(r);
  };

  return (
    <section className={card} aria-labelledby="coupon-title" data-testid="coupons">
      <h2 id="coupon-title" className={blocksCss.sectionTitle}>
        Coupons
      </h2>
      {meta.coupon_code && (
        <div className={couponCss.coupon} data-testid="applied-coupon">
          <div className={cartCss.row} style={{ justifyContent: 'space-between' }}>
            <span>
              <span className={couponCss.couponCode}>{meta.coupon_code}</span>{' '}
              {meta.coupon_applied ? (
                <span className={cartCss.saving}>applied · you save {formatPaise(discount)}</span>
              ) : (
                <span className={blocksCss.meta}>not applied</span>
              )}
            </span>
            <button type="button" className={blocksCss.linkButton} onClick={remove} disabled={busy}>
              Remove
            </button>
          </div>
          {meta.coupon_message && <span className={blocksCss.badge.warn}>{meta.coupon_message}</span>}
        </div>
      )}
      <form
        className={cartCss.row}
        style={{ marginTop: 8 }}
        onSubmit={(e) => {
          e.preventDefault();
          void apply(code);
        }}
      >
        <label htmlFor={inputId} style={{ position: 'absolute', left: -9999 }}>
          Coupon code
        </label>
        <input
          id={inputId}
          className={css.input}
          value={code}
          maxLength={40}
          placeholder="Enter coupon code"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(e) => setCode(e.target.value.replace(/\s+/g, ''))}
        />
        <button type="submit" className={buttonSecondary} disabled={busy}>
          Apply
        </button>
      </form>
      {error && (
        <p id={`${inputId}-error`} role="alert" className={blocksCss.badge.danger} style={{ marginTop: 8 }} data-testid="coupon-error">
          {error}
        </p>
      )}
      {coupons && coupons.length > 0 && (
        <ul className={couponCss.couponList} style={{ marginTop: 12 }} aria-label="Available coupons">
          {coupons.map((c) => (
            <li key={c.code} className={couponCss.coupon} data-code={c.code}>
              <div className={cartCss.row} style={{ justifyContent: 'space-between' }}>
                <span className={couponCss.couponCode}>{c.code}</span>
                {c.applied ? (
                  <span className={cartCss.saving}>Applied</span>
                ) : (
                  <button
                    type="button"
                    className={blocksCss.linkButton}
                    disabled={busy || !c.applicable}
                    onClick={() => apply(c.code)}
                    aria-label={`Apply ${c.code}`}
                  >
                    Apply
                  </button>
                )}
              </div>
              <span className={blocksCss.meta}>{c.details}</span>
              {c.applicable && c.discount > 0 && !c.applied && <span className={cartCss.saving}>Save {formatPaise(c.discount)}</span>}
              {!c.applicable && c.reason && <span className={blocksCss.meta}>{c.reason}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
