// A search session on the search page (SPEC §4 local search-click tracking): the query, its results and
// search query id, and clicks on results. It reports search, search_query_fetched and the search list's
// view / select events; the pipeline's enrichment keeps the local tables (queries → addedToCart) from them.
import { assign, setup } from 'xstate';
import { type CatalogueEvent, emit, type EventItem } from '../events/index.ts';
import { cutQueryId } from '../events/search-clicks.ts';

export const SEARCH_LIST = 'search';

export interface SearchClickContext {
  term: string;
  /** Cut to 100 characters (SPEC §5). */
  queryId: string | null;
  items: EventItem[];
  lastClicked: { objectID: string; position: number } | null;
}

export type SearchClickEvent =
  | { type: 'SEARCH'; term: string }
  | { type: 'RESULTS'; query_id: string; items: EventItem[]; total: number }
  | { type: 'FAILED' }
  | { type: 'CLICK'; item: EventItem; index: number }
  | { type: 'BACK' }
  | { type: 'CLEAR' };

export const searchClickMachine = setup({
  types: {} as { context: SearchClickContext; events: SearchClickEvent },
  actions: {
    report: (_, event: CatalogueEvent) => {
      emit(event);
    },
  },
  guards: {
    hasResults: ({ event }) => event.type === 'RESULTS' && event.items.length > 0,
    /** Only a result of the current search counts as a search click. */
    isCurrentResult: ({ context, event }) => event.type === 'CLICK' && context.items.some((i) => i.variant_id === event.item.variant_id),
  },
}).createMachine({
  id: 'searchClick',
  initial: 'idle',
  context: { term: '', queryId: null, items: [], lastClicked: null },
  on: {
    SEARCH: {
      target: '.searching',
      actions: [
        assign(({ event }) => ({ term: event.term.trim(), queryId: null, items: [], lastClicked: null })),
        { type: 'report', params: ({ event }) => ({ name: 'search', search_term: event.term.trim() }) },
      ],
    },
    CLEAR: { target: '.idle', actions: assign({ term: '', queryId: null, items: [], lastClicked: null }) },
  },
  states: {
    idle: {},
    searching: {
      on: {
        RESULTS: [
          {
            guard: 'hasResults',
            target: 'results',
            actions: [
              assign(({ event }) => ({ queryId: cutQueryId(event.query_id), items: event.items })),
              {
                type: 'report',
                params: ({ context, event }) => ({
                  name: 'search_query_fetched',
                  search_term: context.term,
                  query_id: cutQueryId(event.query_id),
                  results: event.total,
                  items: event.items,
                }),
              },
              {
                type: 'report',
                params: ({ event }) => ({ name: 'view_item_list', list_name: SEARCH_LIST, listing: 'search', items: event.items }),
              },
            ],
          },
          {
            target: 'noResults',
            actions: [
              assign(({ event }) => ({ queryId: cutQueryId(event.query_id) })),
              {
                type: 'report',
                params: ({ context, event }) => ({
                  name: 'search_query_fetched',
                  search_term: context.term,
                  query_id: cutQueryId(event.query_id),
                  results: 0,
                }),
              },
            ],
          },
        ],
        FAILED: 'failed',
      },
    },
    results: {
      on: {
        CLICK: {
          guard: 'isCurrentResult',
          target: 'clicked',
          actions: [
            assign(({ event }) => ({ lastClicked: { objectID: String(event.item.variant_id), position: event.index + 1 } })),
            {
              type: 'report',
              params: ({ event }) => ({ name: 'select_item', item: event.item, list_name: SEARCH_LIST, index: event.index }),
            },
          ],
        },
      },
    },
    clicked: { on: { BACK: 'results' } },
    noResults: {},
    failed: {},
  },
});
