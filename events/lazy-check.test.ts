// The strict-validation guarantee (SPEC §7) when the check loads after first paint: nothing reaches a
// subscriber (the provider pipeline and its adapters) before it is checked, and events keep their emit order.
import { type DomainEvent, deferEventCheck, emit, events$, invalidEventCount, loadEventCheck, setStrictValidation } from './bus.ts';
import type { CatalogueEvent } from './catalogue.ts';

const item = { variant_id: 1, product_id: 1, sku: 'WP1KGCH', name: 'Whey 1 kg', mrp: 250000, sale_price: 199900 };

afterEach(() => setStrictValidation(true));

test('events wait for the lazily loaded check, in order, and an invalid one never reaches a subscriber', async () => {
  setStrictValidation(false);
  deferEventCheck();
  const seen: DomainEvent[] = [];
  const sub = events$.subscribe((d) => seen.push(d));
  const before = invalidEventCount();
  const first = emit({ name: 'view_home_page' });
  emit({ name: 'add_to_cart', item: { ...item, quantity: 1.5 }, origin: 'pdp' } as CatalogueEvent);
  emit({ name: 'no_such_event' } as unknown as CatalogueEvent);
  emit({ name: 'add_to_cart', item, origin: 'pdp' });
  expect(seen).toHaveLength(0);
  await loadEventCheck();
  expect(seen.map((d) => d.event.name)).toEqual(['view_home_page', 'add_to_cart']);
  expect(seen[0].id).toBe(first);
  expect(invalidEventCount() - before).toBe(2);
  // Once loaded, the check runs synchronously at emit.
  emit({ name: 'page_view', title: 'x'.repeat(501) });
  emit({ name: 'page_view', title: 'Home' });
  expect(seen.map((d) => d.event.name)).toEqual(['view_home_page', 'add_to_cart', 'page_view']);
  expect(invalidEventCount() - before).toBe(3);
  sub.unsubscribe();
});

test('a purchase waiting for the check keeps its order id as event id', async () => {
  deferEventCheck();
  const id = emit({ name: 'purchase', order_id: 'KAS-1', items: [item], value: 199900 });
  expect(id).toBe('KAS-1');
  await loadEventCheck();
});

test('development and tests check synchronously: an invalid event throws at emit', () => {
  setStrictValidation(true);
  expect(() => emit({ name: 'view_sale_page' } as CatalogueEvent)).toThrow(/Invalid event view_sale_page/);
});

test('a production page builds the context of a waiting event from the page and user it was emitted on', async () => {
  const { setPageContext, setUserContext } = await import('./bus.ts');
  setStrictValidation(false);
  setUserContext({ loggedIn: true, userId: 7, name: 'Asha Rao', email: 'asha@example.com', lastOrder: null });
  setPageContext({ url: '/product/whey', previousUrl: '/cart' });
  // As production: the check and the context builder (events/context.ts) load with the first event.
  deferEventCheck({ context: true });
  const seen: DomainEvent[] = [];
  const sub = events$.subscribe((d) => seen.push(d));
  emit({ name: 'view_home_page' });
  // The shopper moves on and signs out before the check and the builder arrive.
  setPageContext({ url: '/search?q=whey' });
  setUserContext({ loggedIn: false });
  emit({ name: 'page_view', title: 'Search' });
  expect(seen).toHaveLength(0);
  await loadEventCheck();
  expect(seen.map((d) => [d.ctx.url, d.ctx.page_type, d.ctx.login_status, d.ctx.user_email, d.ctx.login_source_page])).toEqual([
    ['/product/whey', 'product_detail_page', 'logged_in', 'asha@example.com', 'cart'],
    ['/search?q=whey', 'search_page', 'non_logged_in', 'NA', 'product_page'],
  ]);
  sub.unsubscribe();
});
