import { type CatalogueEvent, emit, events$, invalidEventCount, report, setStrictValidation } from './index.ts';

// SPEC §1: reporting never breaks the page in production; outside production an invalid event fails loudly.
const invalid = { name: 'view_item', items: 'not a list' } as unknown as CatalogueEvent;

afterEach(() => setStrictValidation(true));

test('in development and tests an invalid event reported from UI code throws', () => {
  setStrictValidation(true);
  expect(() => report(invalid)).toThrow(/Invalid event view_item/);
});

test('in production an invalid event is counted and dropped, never thrown', () => {
  setStrictValidation(false);
  const before = invalidEventCount();
  expect(() => report(invalid)).not.toThrow();
  expect(invalidEventCount()).toBe(before + 1);
});

test('a valid event reaches the bus like emit', () => {
  const seen: string[] = [];
  const sub = events$.subscribe((e) => seen.push(e.event.name));
  report({ name: 'page_view', title: 'Home' });
  emit({ name: 'page_view', title: 'Home' });
  sub.unsubscribe();
  expect(seen).toEqual(['page_view', 'page_view']);
});
