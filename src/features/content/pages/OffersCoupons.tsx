import { useEffect, useState } from 'react';
import type { BankOfferView, CouponView } from '../../../../schemas/cart.ts';
import { bankOffers, cartApi } from '../../cart/index.ts';
import * as blocksCss from '../../../ui/blocks.css.ts';
import * as couponCss from '../../../ui/coupon.css.ts';
import { card } from '../../../ui/theme/global.css.ts';

/** /offers-coupons: the live coupons and bank offers (the cart issue's part of the offers page). */
export default function OffersCouponsPage() {
  const [coupons, setCoupons] = useState<CouponView[] | null>(null);
  const [offers, setOffers] = useState<BankOfferView[] | null>(null);
  useEffect(() => {
    cartApi
      .couponList()
      .then((r) => setCoupons(r.data))
      .catch(() => setCoupons([]));
    bankOffers()
      .then((r) => setOffers(r.data.offers))
      .catch(() => setOffers([]));
  }, []);
  return (
    <div className={blocksCss.column}>
      <h1 style={{ margin: 0 }}>Offers &amp; Coupons</h1>
      <section className={card} aria-labelledby="coupons-title">
        <h2 id="coupons-title" className={blocksCss.sectionTitle}>
          Coupons
        </h2>
        <ul className={couponCss.couponList} style={{ marginTop: 8 }}>
          {coupons?.map((c) => (
            <li key={c.code} className={couponCss.coupon}>
              <span className={couponCss.couponCode}>{c.code}</span>
              <span>{c.details}</span>
              <span className={blocksCss.meta}>Apply it in your cart.</span>
            </li>
          ))}
        </ul>
      </section>
      <section className={card} aria-labelledby="bank-title">
        <h2 id="bank-title" className={blocksCss.sectionTitle}>
          Bank offers
        </h2>
        <ul className={couponCss.couponList} style={{ marginTop: 8 }}>
          {offers?.map((o) => (
            <li key={o.id} className={couponCss.coupon}>
              <strong>{o.bank}</strong>
              <span>{o.description}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
