// @vitest-environment jsdom
import { emit, flushBeforeRedirect, setStrictValidation } from '../../../events/index.ts';
import { analytics } from '../../../providers/index.ts';
import { PENDING_KEY, resetStoreAnalytics, startStoreAnalytics } from './store.ts';

type Push = { event?: string; event_id?: string; page_title?: string };
const pushes = () => ((window as { dataLayer?: Push[] }).dataLayer ?? []).filter((p) => p.event === 'page_view' || p.event === 'page_drop');
// Only the data layer: the network providers are not under test here.
const config = {
  providers: {
    social_pixel: { enabled: false },
    server_conversions: { enabled: false },
    affiliate: { enabled: false },
    marketing: { enabled: false },
    analytics_service: { enabled: false },
    search_insights: { enabled: false },
  },
};

/** A schedule the test fires by hand: the providers load only when `load()` is called. */
function manual() {
  let fire: () => void = () => {};
  const schedule = (load: () => void) => {
    fire = load;
  };
  return { schedule, load: () => fire() };
}

beforeEach(() => {
  setStrictValidation(true);
  sessionStorage.clear();
  (window as { dataLayer?: unknown[] }).dataLayer = [];
});
afterEach(() => resetStoreAnalytics());

test('events emitted before the providers load reach them in emit order, then live events follow once', async () => {
  const m = manual();
  const started = startStoreAnalytics({ config, schedule: m.schedule });
  const first = emit({ name: 'page_view', title: 'Home' });
  const second = emit({ name: 'page_view', title: 'About' });
  expect(analytics()).toBeNull();
  expect(pushes()).toHaveLength(0);
  m.load();
  const handle = await started;
  expect(analytics()).toBe(handle);
  const third = emit({ name: 'page_view', title: 'Brands' });
  expect(pushes().map((p) => p.event_id)).toEqual([first, second, third]);
  // A second start is the same instance, not a second pipeline.
  expect(await startStoreAnalytics({ config })).toBe(handle);
  emit({ name: 'page_view', title: 'Cart' });
  expect(pushes()).toHaveLength(4);
});

test('leaving the page before the providers load keeps the events for the next page of the tab', async () => {
  const m = manual();
  void startStoreAnalytics({ config, schedule: m.schedule });
  const view = emit({ name: 'page_view', title: 'Home' });
  window.dispatchEvent(new Event('pagehide'));
  expect(JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? '[]').map((d: { id: string }) => d.id)).toEqual([view]);
  resetStoreAnalytics();

  // The next page: the kept events go first, then this page's.
  const next = manual();
  const started = startStoreAnalytics({ config, schedule: next.schedule });
  expect(sessionStorage.getItem(PENDING_KEY)).toBeNull();
  const drop = emit({ name: 'page_drop', seconds_on_page: 3 });
  next.load();
  await started;
  expect(pushes().map((p) => p.event_id)).toEqual([view, drop]);
});

test('a redirect flush before the providers load keeps the events too, and a bfcache return takes them back', async () => {
  const m = manual();
  const started = startStoreAnalytics({ config, schedule: m.schedule });
  const view = emit({ name: 'page_view', title: 'Payment' });
  flushBeforeRedirect();
  expect(sessionStorage.getItem(PENDING_KEY)).not.toBeNull();
  const back = new Event('pageshow') as Event & { persisted?: boolean };
  Object.defineProperty(back, 'persisted', { value: true });
  window.dispatchEvent(back);
  expect(sessionStorage.getItem(PENDING_KEY)).toBeNull();
  m.load();
  await started;
  expect(pushes().map((p) => p.event_id)).toEqual([view]);
});
