// The enrichment stage of the pipeline: keeps the SPEC §3/§4 local data in step with the events (origins,
// search clicks, query ids) and fills an item's list name and position from where it was found.
import type { CatalogueEvent, EventItem } from '../events/index.ts';
import { forgetOrigins, type OriginEntry, readOrigins, rememberOrigin } from '../events/origin-data.ts';
import { clearTables, moveToAddedToCart, queryIdFor, recordQuery, rememberQueryIds, setSessionQueryId } from '../events/search-clicks.ts';
import type { LocalStores } from './types.ts';

const key = (item: EventItem): string => String(item.variant_id);

/** Before providers map the event: record what this event teaches the local data. */
export function recordLocalData(e: CatalogueEvent, stores: LocalStores, now: number): void {
  const { local, session } = stores;
  switch (e.name) {
    case 'select_item': {
      rememberOrigin(local, { key: key(e.item), itemListName: e.list_name, itemIndex: e.index });
      const queryID = queryIdFor(local, key(e.item));
      if (queryID) recordQuery(local, { objectID: key(e.item), queryID, timestamp: now });
      break;
    }
    case 'search_query_fetched':
      setSessionQueryId(session, e.query_id);
      if (e.items?.length) rememberQueryIds(local, e.items.map(key), e.query_id);
      break;
    case 'add_to_cart':
      if (e.item.list_name) rememberOrigin(local, { key: key(e.item), itemListName: e.item.list_name, itemIndex: e.item.index ?? 0 });
      moveToAddedToCart(local, key(e.item), now);
      break;
  }
}

/** After providers ran: an order placed forgets its items' origins (SPEC §4); a purchase clears the search tables. */
export function settleLocalData(e: CatalogueEvent, stores: LocalStores): void {
  if (e.name !== 'order_placed' && e.name !== 'purchase') return;
  forgetOrigins(stores.local, e.items.map(key));
  if (e.name === 'purchase') clearTables(stores.local);
}

/** Looks origins up from one read of the stored list per event (storage reads dominate this stage). */
function originLookup(stores: LocalStores) {
  let list: OriginEntry[] | null = null;
  return (item: EventItem): EventItem => {
    if (item.list_name) return item;
    list ??= readOrigins(stores.local);
    if (list.length === 0) return item;
    const origin = list.find((o) => o.key === key(item));
    if (!origin) return item;
    const copy = { ...item };
    copy.list_name = origin.itemListName;
    copy.index = origin.itemIndex;
    return copy;
  };
}

/** Fills list name / position from product_origin_data on the events that report a product's origin. */
export function withOrigins(e: CatalogueEvent, stores: LocalStores): CatalogueEvent {
  switch (e.name) {
    case 'add_to_cart':
    case 'remove_from_cart':
    case 'view_item':
    case 'add_to_wishlist': {
      const item = originLookup(stores)(e.item);
      return item === e.item ? e : { ...e, item };
    }
    case 'begin_checkout':
    case 'purchase':
    case 'order_placed': {
      const withOrigin = originLookup(stores);
      let changed = false;
      const items = e.items.map((i) => {
        const next = withOrigin(i);
        changed ||= next !== i;
        return next;
      });
      return changed ? { ...e, items } : e;
    }
    default:
      return e;
  }
}
