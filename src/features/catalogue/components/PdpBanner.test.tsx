// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { type DomainEvent, events$ } from '../../../../events/index.ts';
import type { Promotion } from '../../../../schemas/catalogue.ts';
import { fakeApi, ok } from '../../../../tests/helpers/catalogue-fixtures.ts';
import { PdpBanner } from './PdpBanner.tsx';

// SPEC §2 pdp banner: the product page's banner comes from the offers' banner data and reports view_promotion
// and select_promotion in the pdp-banner section; without banner data (or with none) nothing is drawn.

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

function show() {
  const seen: DomainEvent[] = [];
  const sub = events$.subscribe((e) => seen.push(e));
  render(
    <MemoryRouter>
      <PdpBanner />
    </MemoryRouter>,
  );
  return { seen, done: () => sub.unsubscribe() };
}

test('the first banner of the banner data, reported in the pdp-banner section when seen and tapped', async () => {
  fakeApi((u) =>
    u.pathname === '/api/offers/banner-data'
      ? { body: ok({ banner_web: [], banner_mobile: [], carousel_web: [], carousel_mobile: [], mini_banners: [banner(3), banner(4)] }) }
      : undefined,
  );
  const t = show();
  const link = await screen.findByRole('link', { name: 'Banner 3' });
  const promo = () => t.seen.map((d) => d.event).filter((e) => e.name === 'view_promotion' || e.name === 'select_promotion');
  await waitFor(() =>
    expect(promo()).toEqual([
      expect.objectContaining({ name: 'view_promotion', promotion: expect.objectContaining({ section: 'pdp_banner', id: '3' }) }),
    ]),
  );
  fireEvent.click(link);
  expect(promo().at(-1)).toMatchObject({ name: 'select_promotion', promotion: { section: 'pdp_banner', id: '3' } });
  expect(screen.queryByRole('link', { name: 'Banner 4' })).toBeNull();
  t.done();
});

test('no banner data: nothing drawn, and the page stays where it is', async () => {
  const calls = fakeApi(() => undefined);
  const t = show();
  await waitFor(() => expect(calls).toContain('/api/offers/banner-data'));
  expect(screen.queryByTestId('pdp-banner')).toBeNull();
  expect(window.location.pathname).not.toBe('/notFound');
  t.done();
});
