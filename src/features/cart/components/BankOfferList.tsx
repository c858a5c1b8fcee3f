import { startTransition, useEffect, useState } from 'react';
import type { BankOfferView } from '../../../../schemas/cart.ts';
import { formatPaise } from '../../../../schemas/money.ts';
import { bankOffers } from '../cart-store.ts';
import { card } from '../../../ui/theme/global.css.ts';
import * as couponCss from '../../../ui/coupon.css.ts';
import * as blocksCss from '../../../ui/blocks.css.ts';

/** Bank offers for the cart value; checked against the instrument on the payment page. */
export function BankOfferList({ version }: { version: number }) {
  const [offers, setOffers] = useState<BankOfferView[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the cart version is the trigger to re-read.
  useEffect(() => {
    let live = true;
    bankOffers()
      // Arrives after hydration: drawn as a transition, in slices, not in one long task.
      .then((r) => live && startTransition(() => setOffers(r.data.offers)))
      .catch(() => live && setOffers([]));
    return () => {
      live = false;
    };
  }, [version]);
  if (offers.length === 0) return null;
  return (
    <section className={card} aria-labelledby="bank-offers-title">
      <h2 id="bank-offers-title" className={blocksCss.sectionTitle}>
        Bank offers
      </h2>
      <ul className={couponCss.couponList} style={{ marginTop: 8 }}>
        {offers.map((o) => (
          <li key={o.id} className={couponCss.coupon}>
            <strong>{o.bank}</strong>
            <span className={blocksCss.meta}>{o.description}</span>
            {o.min_cart > 0 && <span className={blocksCss.meta}>On orders of {formatPaise(o.min_cart)} or more. Applied at payment.</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
