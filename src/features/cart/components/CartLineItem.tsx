import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { CartLine } from '../../../../schemas/cart.ts';
import { FORM_ACTIONS } from '../../../../schemas/form-notices.ts';
import { formatPaise } from '../../../../schemas/money.ts';
import { type ActionResult, moveLineToWishlist, removeFreebie, removeLine, saveLineForLater, updateQuantity } from '../cart-store.ts';
import { visuallyHidden } from '../../../ui/theme/global.css.ts';
import { Img } from '../../../ui/Img.tsx';
import { Price } from '../../../ui/Price.tsx';
import * as cartCss from './cart.css.ts';
import * as css from './CartLineItem.css.ts';
import * as blocksCss from '../../../ui/blocks.css.ts';

/**
 * One cart line: quantity bounded by max_quantity, remove, and (signed in) wishlist / save-for-later moves. Quantity
 * and remove are forms the server answers too (docs/decisions/017), so they work before hydration and without
 * JavaScript.
 */
export function CartLineItem({ line, signedIn, onResult }: { line: CartLine; signedIn: boolean; onResult(r: ActionResult): void }) {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<ActionResult>) => {
    setBusy(true);
    const result = await action();
    setBusy(false);
    onResult(result);
  };
  const options = Array.from({ length: Math.max(line.max_quantity, line.quantity) }, (_, i) => i + 1);
  const label = line.variant_name;
  return (
    <li className={css.line} data-testid="cart-line" data-variant-id={line.variant_id}>
      <Link to={line.url} tabIndex={-1} aria-hidden="true">
        <Img src={line.thumbnail_image} alt="" width={88} height={88} className={cartCss.lineImage} />
      </Link>
      <div className={css.lineBody}>
        <Link to={line.url} className={css.lineName}>
          {line.variant_meta.parent_name}
        </Link>
        <span className={blocksCss.meta}>
          {line.brand}
          {line.variant_meta.swatch.length > 0 && ` · ${line.variant_meta.swatch.map((s) => s.value).join(', ')}`}
        </span>
        {line.is_freebie ? (
          <div className={cartCss.row}>
            <span className={blocksCss.badge.free}>FREE GIFT</span>
            <s className={blocksCss.meta}>{formatPaise(line.mrp)}</s>
            <strong>{formatPaise(0)}</strong>
            <button type="button" className={blocksCss.linkButton} disabled={busy} onClick={() => run(() => removeFreebie(line))}>
              Remove gift
            </button>
          </div>
        ) : (
          <>
            <Price mrp={line.mrp} sale={line.sale_price} />
            <div className={cartCss.row}>
              <form
                method="post"
                action={FORM_ACTIONS.updateCart}
                style={{ display: 'contents' }}
                onSubmit={(e) => {
                  e.preventDefault();
                  const quantity = Number(new FormData(e.currentTarget).get('quantity'));
                  if (quantity !== line.quantity) void run(() => updateQuantity(line, quantity));
                }}
              >
                <input type="hidden" name="variant_id" value={line.variant_id} />
                <input type="hidden" name="return_to" value="/cart" />
                <label>
                  <span className={blocksCss.meta}>Qty </span>
                  <select
                    name="quantity"
                    className={css.select}
                    value={line.quantity}
                    disabled={busy || line.max_quantity === 0}
                    aria-label={`Quantity of ${label}`}
                    onChange={(e) => run(() => updateQuantity(line, Number(e.target.value)))}
                  >
                    {options.map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </label>
                {/* Without JavaScript a choice in the list changes nothing by itself: this button sends it. */}
                <noscript>
                  <button type="submit" className={blocksCss.linkButton}>
                    Update
                  </button>
                </noscript>
              </form>
              <strong data-testid="line-total">
                <span className={visuallyHidden}>Line total </span>
                {formatPaise(line.price_before_tax)}
              </strong>
            </div>
            {line.notice && <span className={blocksCss.badge.warn}>{line.notice}</span>}
            <div className={cartCss.row}>
              <form
                method="post"
                action={FORM_ACTIONS.removeFromCart}
                style={{ display: 'contents' }}
                onSubmit={(e) => {
                  e.preventDefault();
                  void run(() => removeLine(line));
                }}
              >
                <input type="hidden" name="variant_id" value={line.variant_id} />
                <input type="hidden" name="return_to" value="/cart" />
                <button type="submit" className={blocksCss.linkButton} disabled={busy} aria-label={`Remove ${label}`}>
                  Remove
                </button>
              </form>
              {signedIn && (
                <>
                  <button type="button" className={blocksCss.linkButton} disabled={busy} onClick={() => run(() => saveLineForLater(line))}>
                    Save for later
                  </button>
                  <button
                    type="button"
                    className={blocksCss.linkButton}
                    disabled={busy}
                    onClick={() => run(() => moveLineToWishlist(line))}
                  >
                    Move to wishlist
                  </button>
                </>
              )}
            </div>
          </>
        )}
      </div>
    </li>
  );
}
