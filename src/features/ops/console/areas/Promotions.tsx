import { useState } from 'react';
import { css } from '../console-styles.ts';
import BankOffers from './promotions/BankOffers.tsx';
import Coupons from './promotions/Coupons.tsx';
import FreeGifts from './promotions/FreeGifts.tsx';
import SalePages from './promotions/SalePages.tsx';

// Promotions (docs/decisions/019): the coupons, bank offers, free gifts, delivery charge and sale pages the cart,
// checkout and storefront read. One view at a time; coupons first.

const VIEWS = [
  { key: 'coupons', label: 'Coupons' },
  { key: 'bank', label: 'Bank offers' },
  { key: 'gifts', label: 'Free gifts and delivery' },
  { key: 'sales', label: 'Sale pages' },
] as const;
type View = (typeof VIEWS)[number]['key'];

export default function Promotions({ canEdit }: { canEdit: boolean }) {
  const [view, setView] = useState<View>('coupons');
  return (
    <>
      <nav aria-label="Promotions" className={css.searchRow}>
        {VIEWS.map((v) => (
          <button
            key={v.key}
            type="button"
            className={view === v.key ? css.button : css.tab}
            aria-pressed={view === v.key}
            onClick={() => setView(v.key)}
          >
            {v.label}
          </button>
        ))}
      </nav>
      {view === 'coupons' && <Coupons canEdit={canEdit} />}
      {view === 'bank' && <BankOffers canEdit={canEdit} />}
      {view === 'gifts' && <FreeGifts canEdit={canEdit} />}
      {view === 'sales' && <SalePages canEdit={canEdit} />}
    </>
  );
}
