// @vitest-environment jsdom
// The reporting core loads each enabled adapter as its own chunk (docs/architecture.md "Reporting"): events emitted
// while the chunks load wait in the pipeline, in emit order, and none is lost.
import type { DomainEvent } from '../events/index.ts';
import { resolveConfig } from './config.ts';
import * as enrich from './enrich.ts';
import { defaultProviders } from './index.ts';
import { createPipeline } from './pipeline.ts';
import type { Provider } from './types.ts';

const stores = { local: null, session: null };
const at = Date.now();
const ctx = { url: '/cart', path: '/cart', page_type: 'cart_page', preview: false } as DomainEvent['ctx'];
const event = (id: string): DomainEvent => ({ id, at, ctx, event: { name: 'page_view' } as DomainEvent['event'] });

test('events handled before the adapters load go through them in emit order once loaded', async () => {
  let release: (list: Provider[]) => void = () => {};
  const seen: string[] = [];
  const provider: Provider = { id: 'data_layer', map: (_e, c) => c.event_id, send: (id) => seen.push(id as string) };
  const pipeline = createPipeline({
    config: resolveConfig(),
    providers: new Promise<Provider[]>((r) => {
      release = r;
    }),
    enrich: import('./enrich.ts'),
    stores,
    sessionId: 's',
    isBrowser: () => true,
  });
  pipeline.handle(event('a'));
  pipeline.handle(event('b'));
  expect(seen).toEqual([]);
  release([provider]);
  await pipeline.ready();
  pipeline.handle(event('c'));
  expect(seen).toEqual(['a', 'b', 'c']);
});

test('what still waits can be taken out (kept for the next page) and is not sent twice', async () => {
  let release: (list: Provider[]) => void = () => {};
  const seen: string[] = [];
  const pipeline = createPipeline({
    config: resolveConfig(),
    providers: new Promise<Provider[]>((r) => {
      release = r;
    }),
    enrich,
    stores,
    sessionId: 's',
    isBrowser: () => true,
  });
  pipeline.handle(event('a'));
  expect(pipeline.takeWaiting().map((d) => d.id)).toEqual(['a']);
  release([{ id: 'data_layer', map: (_e, c) => c.event_id, send: (id) => seen.push(id as string) }]);
  await pipeline.ready();
  expect(seen).toEqual([]);
});

test('only enabled providers are loaded, in their fixed order', async () => {
  const delivery = { enqueue() {}, flush() {}, replay() {}, pending: () => 0, stop() {} };
  const all = await defaultProviders(delivery, resolveConfig());
  expect(all.map((p) => p.id)).toEqual([
    'data_layer',
    'social_pixel',
    'server_conversions',
    'affiliate',
    'marketing',
    'analytics_service',
    'search_insights',
  ]);
  const some = await defaultProviders(
    delivery,
    resolveConfig({ providers: { social_pixel: { enabled: false }, search_insights: { enabled: false } } }),
  );
  expect(some.map((p) => p.id)).toEqual(['data_layer', 'server_conversions', 'affiliate', 'marketing', 'analytics_service']);
});

test('with the event check loading lazily (production), no invalid event reaches an adapter', async () => {
  const { deferEventCheck, emit, loadEventCheck, setStrictValidation } = await import('../events/bus.ts');
  const { startAnalytics } = await import('./index.ts');
  const mapped: string[] = [];
  const provider: Provider = {
    id: 'data_layer',
    map: (e) => {
      mapped.push(e.name);
      return e.name;
    },
    send: () => {},
  };
  setStrictValidation(false);
  deferEventCheck();
  const handle = startAnalytics({ providers: () => [provider], stores, isBrowser: () => true });
  try {
    emit({ name: 'view_home_page' });
    emit({ name: 'add_to_wishlist', item: { variant_id: -1 } } as unknown as DomainEvent['event']);
    emit({ name: 'user_logout' });
    await loadEventCheck();
    await handle.pipeline.ready();
    expect(mapped).toEqual(['view_home_page', 'user_logout']);
  } finally {
    handle.stop();
    setStrictValidation(true);
  }
});
