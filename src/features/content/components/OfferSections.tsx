import { Link } from 'react-router-dom';
import type { BankOfferSummary, FreebieOffer } from '../../../../schemas/catalogue.ts';
import { formatPaise } from '../../../../schemas/money.ts';
import { Img } from '../../../ui/Img.tsx';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { buttonSecondary, visuallyHidden } from '../../../ui/theme/global.css.ts';
import { catalogueStyles } from '../../catalogue/index.ts';
import * as css from './OfferSections.css.ts';

// Building blocks shared by the offers, sale and landing pages: titled sections, coupon, bank-offer, freebie
// and brand cards, the loading skeleton and the error box. Amounts arrive in paise and show in rupees (SPEC §5).

export { Section } from '../../../ui/Section.tsx';

/** What a bank offer gives: "10% off up to ₹500" or "Flat ₹150 off", and from which cart value. */
export function bankOfferTerms(o: Pick<BankOfferSummary, 'kind' | 'value' | 'max_discount' | 'min_cart'>): string {
  const what =
    o.kind === 'percent'
      ? `${o.value}% off${o.max_discount !== null ? ` up to ${formatPaise(o.max_discount)}` : ''}`
      : `Flat ${formatPaise(o.value)} off`;
  return o.min_cart > 0 ? `${what} on orders of ${formatPaise(o.min_cart)} or more` : what;
}

const INSTRUMENTS: Record<string, string> = {
  card: 'Cards',
  credit_card: 'Credit cards',
  debit_card: 'Debit cards',
  netbanking: 'Net banking',
  upi: 'UPI',
  wallet: 'Wallets',
};
export const instrumentLabel = (instrument: string): string => INSTRUMENTS[instrument] ?? instrument.replace(/_/g, ' ');

export function BankOffers({ offers }: { offers: BankOfferSummary[] }) {
  return (
    <ul className={css.cardGrid}>
      {offers.map((o) => (
        <li key={o.id} className={css.offerCard}>
          <strong>
            {o.bank} <span className={css.small}>· {instrumentLabel(o.instrument)}</span>
          </strong>
          <span>{bankOfferTerms(o)}</span>
          <p className={css.small}>{o.description}</p>
        </li>
      ))}
    </ul>
  );
}

export function Coupons({ coupons }: { coupons: { code: string; details: string }[] }) {
  return (
    <ul className={css.cardGrid}>
      {coupons.map((c) => (
        <li key={c.code} className={css.offerCard}>
          <span className={css.couponCode}>{c.code}</span>
          <span>{c.details}</span>
          <p className={css.small}>Apply it in your cart.</p>
        </li>
      ))}
    </ul>
  );
}

export function Freebies({ freebies }: { freebies: FreebieOffer[] }) {
  return (
    <ul className={css.cardGrid}>
      {freebies.map((f) => (
        <li key={f.id} className={css.freebie}>
          <Img src={f.product?.thumbnail_image ?? ''} alt="" width={56} height={56} style={{ objectFit: 'cover', borderRadius: 8 }} />
          <span style={{ display: 'grid', gap: 2 }}>
            <strong>{f.title}</strong>
            <span className={css.small}>{f.product ? f.product.parent_name : `Free on orders of ${formatPaise(f.threshold)} or more`}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

export function BrandsOnOffer({ brands }: { brands: { id: number; name: string; slug: string; max_percent_off: number }[] }) {
  return (
    <ul className={css.brandChips}>
      {brands.map((b) => (
        <li key={b.id}>
          <Link to={`/brand/${b.slug}`} className={css.brandChip}>
            <strong>{b.name}</strong>
            <span className={css.chipOff}>Up to {b.max_percent_off}% off</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function OffersSkeleton({ label }: { label: string }) {
  return (
    <div className={css.page} role="status" aria-live="polite">
      <span className={visuallyHidden}>{label}</span>
      <Skeleton width="45%" height={28} />
      <Skeleton height={180} radius={16} />
      {[0, 1, 2].map((i) => (
        <div key={i} style={{ display: 'grid', gap: 12 }}>
          <Skeleton width="30%" height={22} />
          <div className={catalogueStyles.tiles}>
            {[0, 1, 2, 3].map((j) => (
              <Skeleton key={j} height={120} radius={16} />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

export function LoadError({ message, retry }: { message: string; retry: () => void }) {
  return (
    <div className={css.error} role="alert">
      <p style={{ margin: 0 }}>{message}</p>
      <button type="button" className={buttonSecondary} onClick={retry}>
        Try again
      </button>
    </div>
  );
}

/** SPEC §6 preview: a notice that this is the staff preview (tracking is off under /preview/, SPEC §2). */
export function PreviewNotice({ id }: { id: number | null | undefined }) {
  return (
    <p className={css.previewBar} role="note">
      Staff preview{id ? ` #${id}` : ''}: unpublished offers are shown and nothing is reported.
    </p>
  );
}

export { css as offerStyles };
