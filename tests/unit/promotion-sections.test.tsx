// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { type DomainEvent, events$ } from '../../events/index.ts';
import type { OffersPageData, Promotion } from '../../schemas/catalogue.ts';
import { clearResourceCache } from '../../src/api/cached-resource.ts';
import { HeroCarousel } from '../../src/features/catalogue/index.ts';
import BrandPage from '../../src/features/catalogue/pages/BrandPage.tsx';
import CategoryPage from '../../src/features/catalogue/pages/CategoryPage.tsx';
import OffersCouponsPage from '../../src/features/content/pages/OffersCoupons.tsx';
import { MetaProvider } from '../../src/ui/meta.tsx';
import { ToastProvider } from '../../src/ui/Toast.tsx';
import { fakeApi, listingResult, ok } from '../helpers/catalogue-fixtures.ts';

// SPEC §2 promotion sections, as the pages report them when a shopper taps a promotion: the hero's banners and
// carousel slides (web and mobile), the offers page's banners and carousel, the brand page's and the category
// page's banners. Each promotion below carries the slot the server gives it (server/modules/catalogue), so the
// section reported is the one the page and the server decide together.

const promo = (id: number, kind: string, slot: string, title = `Promotion ${id}`): Promotion => ({
  id,
  kind,
  title,
  description: `${title} description`,
  href: '#promotion',
  image: { src: `/images/banner/${id}.svg`, width: 600, height: 300, alt: title },
  creative_slot: slot,
  brand: null,
  product: null,
  position: id,
  items: [],
  is_preview: false,
});

let seen: DomainEvent[] = [];
let stop = () => {};
beforeEach(() => {
  clearResourceCache();
  seen = [];
  const sub = events$.subscribe((e) => seen.push(e));
  stop = () => sub.unsubscribe();
});
afterEach(() => stop());

/** The section reported when the promotion titled `title` is tapped. */
async function sectionOfTap(title: string) {
  fireEvent.click(await screen.findByRole('link', { name: new RegExp(`^${title}`) }));
  const event = seen.map((d) => d.event).findLast((e) => e.name === 'select_promotion');
  return event?.name === 'select_promotion' ? event.promotion.section : null;
}

test.each([
  [true, 'banner_web', 'carousel_web'],
  [false, 'banner_mobile', 'carousel_mobile'],
] as const)('the hero (web %s): banners in %s, carousel slides in %s', async (web, bannerSection, slideSection) => {
  // The slot 'hero' is no section of its own: the hero decides by what each slide is.
  render(
    <MemoryRouter>
      <HeroCarousel banners={[promo(1, 'banner', 'hero', 'A banner')]} slides={[promo(2, 'carousel', 'hero', 'A slide')]} web={web} />
    </MemoryRouter>,
  );
  expect(await sectionOfTap('A banner')).toBe(bannerSection);
  expect(await sectionOfTap('A slide')).toBe(slideSection);
});

test('the brand page reports its banners in brand_page_banner', async () => {
  fakeApi((u) => {
    if (u.pathname === '/api/listing/brand-detail')
      return {
        body: ok({
          brand: {
            id: 1,
            name: 'Titan Forge',
            slug: 'titan-forge',
            url: '/brand/titan-forge',
            logo: '/images/brand/1.svg',
            country: 'India',
            is_top: true,
            product_count: 0,
            description: '',
            launched_at: '2020-01-01',
          },
          importer: null,
          certificate: null,
          banners: [promo(5, 'top_brand', 'brand_page_banner', 'Titan Forge offer')],
          categories: [],
          breadcrumbs: [],
        }),
      };
    if (u.pathname === '/api/listing/brand') return { body: ok(listingResult([])) };
    return { body: ok(null) };
  });
  const element = (
    <MetaProvider>
      <BrandPage />
    </MetaProvider>
  );
  render(<RouterProvider router={createMemoryRouter([{ path: '/brand/:slug', element }], { initialEntries: ['/brand/titan-forge'] })} />);
  expect(await sectionOfTap('Titan Forge offer')).toBe('brand_page_banner');
});

test('the category page reports its banner in category_page_banner', async () => {
  const category = { id: 3, name: 'Whey', slug: 'whey', url: '/product-category/whey', image: '', parent_id: null, product_count: 0 };
  fakeApi((u) => {
    if (u.pathname === '/api/listing/category-detail')
      return {
        body: ok({
          category,
          parents: [],
          children: [],
          banners: [
            promo(6, 'banner_web', 'category_page_banner', 'Whey week'),
            promo(7, 'banner_mobile', 'category_page_banner', 'Whey week'),
          ],
          breadcrumbs: [],
        }),
      };
    if (u.pathname === '/api/listing/category') return { body: ok(listingResult([])) };
    return { body: ok(null) };
  });
  const element = (
    <MetaProvider>
      <CategoryPage />
    </MetaProvider>
  );
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: '/product-category/:slug', element }], { initialEntries: ['/product-category/whey'] })}
    />,
  );
  expect(await sectionOfTap('Whey week')).toBe('category_page_banner');
});

test('the offers page reports its banners in offers_banner and its carousel in offers_carousel', async () => {
  const page: OffersPageData = {
    banners: [promo(1, 'banner_web', 'offers_page_banner', 'Web banner'), promo(2, 'banner_mobile', 'offers_page_banner', 'Mobile banner')],
    carousel: [
      promo(3, 'carousel_web', 'offers_page_carousel', 'Web slide'),
      promo(4, 'carousel_mobile', 'offers_page_carousel', 'Mobile slide'),
    ],
    coupons: [],
    bank_offers: [],
    limited: [],
    partner: [],
    clearance: [],
    brand_of_week: [],
    budget_buys: [],
    freebies: [],
    preview_id: null,
  };
  fakeApi((u) => {
    if (u.pathname === '/api/offers/offer-data') return { body: ok(page) };
    return { body: ok({ promotions: [], products: [] }) };
  });
  const router = createMemoryRouter(
    [
      {
        path: '/offers-coupons',
        element: (
          <MetaProvider>
            <ToastProvider>
              <OffersCouponsPage />
            </ToastProvider>
          </MetaProvider>
        ),
      },
    ],
    { initialEntries: ['/offers-coupons'] },
  );
  render(<RouterProvider router={router} />);
  const banner = (await screen.findAllByRole('link', { name: /banner$/ }))[0] as HTMLElement;
  fireEvent.click(banner);
  const slide = (await screen.findAllByRole('link', { name: /slide$/ }))[0] as HTMLElement;
  fireEvent.click(slide);
  const sections = seen
    .map((d) => d.event)
    .flatMap((e) => (e.name === 'select_promotion' ? [[e.promotion.name, e.promotion.section]] : []));
  expect(sections).toEqual([
    [expect.stringMatching(/banner$/), 'offers_banner'],
    [expect.stringMatching(/slide$/), 'offers_carousel'],
  ]);
});
