import { getShortestPaths } from '@xstate/graph';
import { createActor } from 'xstate';
import type { CatalogueEvent } from '../events/index.ts';
import { setStrictValidation } from '../events/index.ts';
import { readTables } from '../events/search-clicks.ts';
import { createHarness, item } from '../tests/helpers/provider-harness.ts';
import { searchClickMachine, type SearchClickEvent } from './search-click.ts';

const hits = [item(), item({ variant_id: 102, sku: 'ON-GSW-2KG-CH' })];
const longId = `Q${'1'.repeat(140)}`;
const modelEvents: SearchClickEvent[] = [
  { type: 'SEARCH', term: ' whey ' },
  { type: 'RESULTS', query_id: longId, items: hits, total: 2 },
  { type: 'RESULTS', query_id: 'q-empty', items: [], total: 0 },
  { type: 'FAILED' },
  { type: 'CLICK', item: hits[1], index: 1 },
  { type: 'CLICK', item: item({ variant_id: 999 }), index: 0 },
  { type: 'BACK' },
  { type: 'CLEAR' },
];

function run(events: SearchClickEvent[]) {
  const reported: CatalogueEvent[] = [];
  const actor = createActor(
    searchClickMachine.provide({ actions: { report: (_: unknown, e: CatalogueEvent) => void reported.push(e) } }),
  ).start();
  for (const e of events) actor.send(e);
  return { reported, snapshot: actor.getSnapshot() };
}

/**
 * The SPEC §4 reporting rules written out independently of the machine: the state a sequence of shopper events
 * leaves the search in, and the events it must report, in order. Each shortest path of the machine is checked
 * against it, so a path that reports too much, too little or the wrong thing fails.
 */
function oracle(events: SearchClickEvent[]) {
  let state = 'idle';
  let term = '';
  let items: typeof hits = [];
  const reports: Array<{ name: string; [k: string]: unknown }> = [];
  for (const e of events) {
    if (e.type === 'SEARCH') {
      [state, term, items] = ['searching', e.term.trim(), []];
      reports.push({ name: 'search', search_term: term });
    } else if (e.type === 'CLEAR') [state, term, items] = ['idle', '', []];
    else if (state === 'searching' && e.type === 'RESULTS') {
      reports.push({
        name: 'search_query_fetched',
        search_term: term,
        query_id: e.query_id.slice(0, 100),
        results: e.items.length ? e.total : 0,
      });
      if (e.items.length) {
        [state, items] = ['results', e.items];
        reports.push({ name: 'view_item_list', list_name: 'search', items: e.items });
      } else state = 'noResults';
    } else if (state === 'searching' && e.type === 'FAILED') state = 'failed';
    else if (state === 'results' && e.type === 'CLICK' && items.some((i) => i.variant_id === e.item.variant_id)) {
      state = 'clicked';
      reports.push({ name: 'select_item', list_name: 'search', index: e.index });
    } else if (state === 'clicked' && e.type === 'BACK') state = 'results';
  }
  return { state, reports };
}

describe('search-click machine (model-based)', () => {
  const paths = getShortestPaths(searchClickMachine, { events: modelEvents });
  test('the model reaches every state', () => {
    expect(new Set(paths.map((p) => p.state.value))).toEqual(new Set(['idle', 'searching', 'results', 'clicked', 'noResults', 'failed']));
  });
  for (const path of paths) {
    const events = path.steps.map((s) => s.event as SearchClickEvent).filter((e) => !e.type.startsWith('xstate.'));
    test(`${events.map((e) => e.type).join(' > ') || 'start'}: state and reports as the SPEC §4 rules say`, () => {
      const { snapshot, reported } = run(events);
      const expected = oracle(events);
      expect(snapshot.value).toBe(expected.state);
      expect(reported).toHaveLength(expected.reports.length);
      for (const [i, want] of expected.reports.entries()) expect(reported[i]).toMatchObject(want);
    });
  }
});

describe('search-click rules', () => {
  test('search, results and a click report search, search_query_fetched, the search list and select_item', () => {
    const { reported, snapshot } = run([modelEvents[0], modelEvents[1], modelEvents[4]]);
    expect(reported.map((e) => e.name)).toEqual(['search', 'search_query_fetched', 'view_item_list', 'select_item']);
    expect(reported[0]).toEqual({ name: 'search', search_term: 'whey' });
    expect(reported[1]).toMatchObject({ query_id: longId.slice(0, 100), results: 2 });
    expect(reported[3]).toMatchObject({ list_name: 'search', index: 1 });
    expect(snapshot.context.lastClicked).toEqual({ objectID: '102', position: 2 });
  });
  test('a click on something not in the current results is not a search click', () => {
    const { reported } = run([modelEvents[0], modelEvents[1], modelEvents[5]]);
    expect(reported.map((e) => e.name)).not.toContain('select_item');
  });
  test('through the pipeline a search click lands in the queries table, and add to cart moves it', () => {
    setStrictValidation(true);
    const h = createHarness();
    const actor = createActor(searchClickMachine).start();
    for (const e of [modelEvents[0], modelEvents[1], modelEvents[4]]) actor.send(e);
    expect(readTables(h.stores.local).queries).toEqual([{ objectID: '102', queryID: longId.slice(0, 100), timestamp: expect.any(Number) }]);
    h.emit({ name: 'add_to_cart', item: hits[1], origin: 'pdp' });
    const tables = readTables(h.stores.local);
    expect(tables.queries).toEqual([]);
    expect(tables.addedToCart.map((r) => r.objectID)).toEqual(['102']);
    h.stop();
  });
});
