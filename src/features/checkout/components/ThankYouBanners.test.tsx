// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { type DomainEvent, events$ } from '../../../../events/index.ts';
import type { Promotion } from '../../../../schemas/catalogue.ts';

// SPEC §2 thank-you banners: drawn from the offers' banner data on the order-success page; view_promotion when
// seen and select_promotion when tapped, in the thank-you section; a failed load shows nothing.

const banner = (id: number): Promotion => ({
  id,
  kind: 'mini_banner',
  title: `Banner ${id}`,
  description: `Offer ${id}`,
  href: '/offers-coupons/',
  image: { src: `/images/banner/${id}.svg`, width: 600, height: 200, alt: `Banner ${id}` },
  creative_slot: 'homepage_mini_banner',
  brand: null,
  product: null,
  position: id,
  items: [],
  is_preview: false,
});
const bannerData = vi.hoisted(() => vi.fn());
vi.mock('../api.ts', async (original) => {
  const real = await original<typeof import('../api.ts')>();
  return { ...real, checkoutApi: { ...real.checkoutApi, bannerData } };
});
const { ThankYouBanners } = await import('./ThankYouBanners.tsx');

function show() {
  const seen: DomainEvent[] = [];
  const sub = events$.subscribe((e) => seen.push(e));
  render(
    <MemoryRouter>
      <ThankYouBanners />
    </MemoryRouter>,
  );
  return { seen, done: () => sub.unsubscribe() };
}

test('the banners come from the banner data and report the thank-you section when seen and when tapped', async () => {
  bannerData.mockResolvedValue({
    status: 1,
    message: 'ok',
    data: { banner_web: [], banner_mobile: [], carousel_web: [], carousel_mobile: [], mini_banners: [banner(5), banner(6)] },
  });
  const t = show();
  const links = await screen.findAllByRole('link');
  expect(links.map((l) => l.querySelector('img')?.getAttribute('alt'))).toEqual(['Banner 5', 'Banner 6']);
  const promo = () => t.seen.map((d) => d.event).filter((e) => e.name === 'view_promotion' || e.name === 'select_promotion');
  await waitFor(() => expect(promo().filter((e) => e.name === 'view_promotion')).toHaveLength(2));
  expect(promo()[0]).toMatchObject({ promotion: { section: 'thankyou_banner', id: '5' } });
  fireEvent.click(links[1] as HTMLElement);
  expect(promo().at(-1)).toMatchObject({ name: 'select_promotion', promotion: { section: 'thankyou_banner', id: '6', position: 1 } });
  t.done();
});

test('a failed load shows nothing', async () => {
  bannerData.mockRejectedValue(new Error('offline'));
  const t = show();
  await waitFor(() => expect(document.querySelector('[data-testid="thankyou-banners"]')).toBeNull());
  expect(screen.queryAllByRole('link')).toHaveLength(0);
  t.done();
});
