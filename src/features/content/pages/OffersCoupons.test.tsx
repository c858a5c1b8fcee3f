// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { OffersPageData, ProductHit, Promotion } from '../../../../schemas/catalogue.ts';
import { fakeApi, hit, ok } from '../../../../tests/helpers/catalogue-fixtures.ts';
import { MetaProvider } from '../../../ui/meta.tsx';
import { ToastProvider } from '../../../ui/Toast.tsx';
import { clearResourceCache } from '../../../api/cached-resource.ts';
import { bankOfferTerms } from '../components/OfferSections.tsx';
import OffersCouponsPage from './OffersCoupons.tsx';

// The offers page shows every offers section of SPEC §7, amounts in rupees with Indian grouping (SPEC §5).

const promo = (id: number, kind: string, title: string, product: ProductHit | null = null): Promotion => ({
  id,
  kind,
  title,
  description: `${title} description`,
  href: '/offers-coupons/',
  image: { src: `/images/banner/${id}.svg`, width: 600, height: 300, alt: title },
  creative_slot: kind,
  brand: kind === 'brand_of_week' ? { id: 1, name: 'Titan Forge', slug: 'titan-forge' } : null,
  product,
  position: id,
  items: product ? [product] : [],
  is_preview: false,
});

const page: OffersPageData = {
  banners: [promo(1, 'banner_web', 'Web banner'), promo(2, 'banner_mobile', 'Mobile banner')],
  carousel: [promo(3, 'carousel_web', 'Web slide'), promo(4, 'carousel_mobile', 'Mobile slide')],
  coupons: [{ code: 'FIT10', details: '10% off on orders above ₹999' }],
  bank_offers: [
    {
      id: 1,
      bank: 'Axis Bank',
      instrument: 'debit_card',
      description: 'On Axis debit cards',
      kind: 'flat',
      value: 15_000,
      max_discount: null,
      min_cart: 12_345_600,
    },
  ],
  limited: [promo(5, 'limited', 'Midnight flash deal')],
  partner: [promo(6, 'partner', 'Partner gym offer')],
  clearance: [promo(7, 'clearance', 'Clearance corner')],
  brand_of_week: [promo(8, 'brand_of_week', 'Titan Forge week')],
  budget_buys: [promo(9, 'budget_buy', 'Budget bar', hit({ pid: 9, vid: 91, parent_name: 'Budget Bar' }))],
  freebies: [{ id: 1, title: 'Free shaker', threshold: 199_900, product: hit({ pid: 10, vid: 101 }) }],
  preview_id: null,
};

function setup(url: string) {
  const calls = fakeApi((u) => {
    if (u.pathname === '/api/offers/offer-data') return { body: ok(page) };
    if (u.pathname === '/api/offers/offer-data-preview') return { body: ok({ ...page, preview_id: 4 }) };
    if (u.pathname === '/api/offers/brand-of-week')
      return { body: ok({ promotions: page.brand_of_week, products: [hit({ pid: 11, vid: 111, parent_name: 'Titan Whey' })] }) };
    if (u.pathname === '/api/offers/clearance-offer')
      return { body: ok({ promotions: page.clearance, products: [hit({ pid: 12, vid: 121, parent_name: 'Old Stock Creatine' })] }) };
    return undefined;
  });
  const element = (
    <MetaProvider>
      <ToastProvider>
        <OffersCouponsPage />
      </ToastProvider>
    </MetaProvider>
  );
  const router = createMemoryRouter(
    [
      { path: '/offers-coupons', element },
      { path: '/preview/offers-coupons', element },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return calls;
}

beforeEach(() => clearResourceCache());

test('every offers section is on the page', async () => {
  const calls = setup('/offers-coupons');
  expect(await screen.findByRole('heading', { level: 1, name: 'Offers & Coupons' })).toBeInTheDocument();
  for (const name of ['Coupons', 'Bank offers', 'Limited-time offers', 'Budget buys', 'Free gifts', 'Partner offers', 'Clearance sale'])
    expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 2, name: 'Brand of the week: Titan Forge' })).toBeInTheDocument();
  expect(screen.getByText('FIT10')).toBeInTheDocument();
  expect(screen.getByText('Flat ₹150 off on orders of ₹1,23,456 or more')).toBeInTheDocument();
  expect(screen.getByText('Free shaker')).toBeInTheDocument();
  expect(screen.getByText('Axis Bank').parentElement).toHaveTextContent('Debit cards');
  expect(screen.getByText('Midnight flash deal')).toBeInTheDocument();
  expect(await screen.findByText('Old Stock Creatine')).toBeInTheDocument();
  expect(screen.getByText('Titan Whey')).toBeInTheDocument();
  const carousel = screen.getByRole('region', { name: 'Offers' });
  expect(within(carousel).getAllByRole('link').length).toBeGreaterThan(0);
  expect(calls).toEqual(expect.arrayContaining(['/api/offers/offer-data', '/api/offers/brand-of-week', '/api/offers/clearance-offer']));
});

test('the staff preview reads offer-data-preview with its id', async () => {
  const calls = setup('/preview/offers-coupons?id=4');
  expect(await screen.findByRole('note')).toHaveTextContent('Staff preview #4');
  expect(calls).toContain('/api/offers/offer-data-preview?id=4');
  expect(calls).not.toContain('/api/offers/offer-data');
});

test('bank offer terms: percent with a cap, flat, and no minimum', () => {
  expect(bankOfferTerms({ kind: 'percent', value: 10, max_discount: 150_000, min_cart: 299_900 })).toBe(
    '10% off up to ₹1,500 on orders of ₹2,999 or more',
  );
  expect(bankOfferTerms({ kind: 'percent', value: 5, max_discount: null, min_cart: 0 })).toBe('5% off');
  expect(bankOfferTerms({ kind: 'flat', value: 10_000_000, max_discount: null, min_cart: 0 })).toBe('Flat ₹1,00,000 off');
});
