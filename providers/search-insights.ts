// Search insights (SPEC §7, Algolia-insights style `aa(method, payload)`): viewed, clicked, converted,
// added-to-cart and purchased object ids, with the "AfterSearch" variant whenever the local search-click
// tables (SPEC §4) know the query that led there. Algolia's Insights API: `userToken` is one stable anonymous token
// per browser (kept in local storage), and after sign-in `authenticatedUserToken` is the SHA-256 of the email
// (js-sha256), so the chain from click to purchase survives the sign-in; a `queryID` is the 32-hex id a search
// answered with: an event whose query id is not one is sent without it (the plain variant), never with a bad one.
import { sha256 } from 'js-sha256';
import type { CatalogueEvent, EventItem } from '../events/index.ts';
import { queryIdFor, readTables } from '../events/search-clicks.ts';
import type { KeyValueStorage } from '../events/storage.ts';
import { CURRENCY, discountRupees, quantityOf, rupees, eventValue } from './rules.ts';
import type { Provider, ProviderContext } from './types.ts';

export type InsightsCall = [method: string, payload: Record<string, unknown>];
/** Algolia accepts at most 20 object ids per event. */
const OBJECT_CAP = 20;

const objectId = (i: EventItem): string => String(i.variant_id);
function objectData(i: EventItem, queryID?: string): Record<string, unknown> {
  const data = { price: rupees(i.sale_price) ?? 0, discount: discountRupees(i.mrp, i.sale_price), quantity: quantityOf(i) };
  return queryID ? { queryID, ...data } : data;
}

let lastEmail = '';
let lastHash = '';
/** SHA-256 of the normalised email (memoised: the same user emits many events). */
export function hashEmail(email: string): string {
  if (email !== lastEmail) {
    lastEmail = email;
    lastHash = sha256(email.trim().toLowerCase());
  }
  return lastHash;
}

/** Algolia Insights: "queryID … must be the 32-character hexadecimal string returned by the search". */
export const isInsightsQueryId = (id: string | null | undefined): id is string => typeof id === 'string' && /^[0-9a-f]{32}$/.test(id);
const validQueryId = (id: string | null | undefined): string | undefined => (isInsightsQueryId(id) ? id : undefined);

export const USER_TOKEN_KEY = 'insights_user_token';
/** Algolia: a userToken is 1–129 characters of [a-zA-Z0-9_=/+-]; one per browser, created once. */
export function anonymousUserToken(storage: KeyValueStorage | null, fallback: string): string {
  try {
    const kept = storage?.getItem(USER_TOKEN_KEY);
    if (kept && /^[\w=/+-]{1,129}$/.test(kept)) return kept;
    const token = `anon-${globalThis.crypto?.randomUUID?.() ?? fallback}`;
    storage?.setItem(USER_TOKEN_KEY, token);
    return token;
  } catch {
    return `anon-${fallback}`;
  }
}

interface Identity {
  index: string;
  userToken: string;
  authenticatedUserToken?: string;
}

// Payloads are built as literals then extended by assignment: V8 takes a slow path for `{ ...base, newKey }`
// (≈1 µs per object, measured), which would be most of this provider's cost.
function payload(id: Identity, eventName: string, objectIDs: string[]): Record<string, unknown> {
  const p: Record<string, unknown> = { index: id.index, userToken: id.userToken, eventName, objectIDs };
  if (id.authenticatedUserToken) p.authenticatedUserToken = id.authenticatedUserToken;
  return p;
}
const withFields = (p: Record<string, unknown>, fields: Record<string, unknown>) => Object.assign(p, fields);

export function createInsightsMapper(index: string) {
  // The identity part of every payload changes only with the context snapshot (page or user change).
  let lastCtx: ProviderContext['ctx'] | null = null;
  let lastSession = '';
  let identity: Identity = { index, userToken: '' };
  const identify = (c: ProviderContext): Identity => {
    if (c.ctx !== lastCtx || c.session_id !== lastSession) {
      lastCtx = c.ctx;
      lastSession = c.session_id;
      const email = c.ctx.user_email;
      const authenticated = c.ctx.login_status === 'logged_in' && email !== 'NA' ? hashEmail(email) : null;
      const userToken = anonymousUserToken(c.stores.local, c.session_id);
      identity = authenticated ? { index, userToken, authenticatedUserToken: authenticated } : { index, userToken };
    }
    return identity;
  };
  return function mapSearchInsights(e: CatalogueEvent, c: ProviderContext): InsightsCall[] | null {
    const base = identify(c);
    const store = c.stores.local;
    switch (e.name) {
      case 'view_item_list':
        if (e.items.length === 0) return null;
        return [['viewedObjectIDs', payload(base, 'Product List Viewed', e.items.slice(0, OBJECT_CAP).map(objectId))]];
      case 'view_item':
        return [['viewedObjectIDs', payload(base, 'Product Viewed', [objectId(e.item)])]];
      case 'select_item': {
        const queryID = validQueryId(queryIdFor(store, objectId(e.item)));
        const p = payload(base, 'Product Clicked', [objectId(e.item)]);
        return queryID
          ? [['clickedObjectIDsAfterSearch', withFields(p, { queryID, positions: [e.index + 1] })]]
          : [['clickedObjectIDs', p]];
      }
      case 'add_to_wishlist': {
        // A conversion after a search only for an item clicked from that search, not one it merely listed.
        const id = objectId(e.item);
        const queryID = validQueryId(readTables(store).queries.find((r) => r.objectID === id)?.queryID);
        const p = payload(base, 'Added To Wishlist', [objectId(e.item)]);
        return [queryID ? ['convertedObjectIDsAfterSearch', withFields(p, { queryID })] : ['convertedObjectIDs', p]];
      }
      case 'add_to_cart': {
        // The pipeline has already moved the click into addedToCart (SPEC §4).
        const id = objectId(e.item);
        const record = readTables(store).addedToCart.find((r) => r.objectID === id && isInsightsQueryId(r.queryID));
        const p = withFields(payload(base, 'Added To Cart', [id]), {
          objectData: [objectData(e.item)],
          value: eventValue(e) ?? 0,
          currency: CURRENCY,
        });
        return record ? [['addedToCartObjectIDsAfterSearch', withFields(p, { queryID: record.queryID })]] : [['addedToCartObjectIDs', p]];
      }
      case 'purchase': {
        const tables = readTables(store);
        const queryOf = (item: EventItem) => validQueryId(tables.addedToCart.find((r) => r.objectID === objectId(item))?.queryID);
        const after: EventItem[] = [];
        const plain: EventItem[] = [];
        for (const item of e.items) (queryOf(item) ? after : plain).push(item);
        const calls: InsightsCall[] = [];
        for (let i = 0; i < after.length; i += OBJECT_CAP) {
          const chunk = after.slice(i, i + OBJECT_CAP);
          const p = payload(base, 'Products Purchased', chunk.map(objectId));
          calls.push([
            'purchasedObjectIDsAfterSearch',
            withFields(p, { currency: CURRENCY, objectData: chunk.map((it) => objectData(it, queryOf(it))) }),
          ]);
        }
        for (let i = 0; i < plain.length; i += OBJECT_CAP) {
          const chunk = plain.slice(i, i + OBJECT_CAP);
          const p = payload(base, 'Products Purchased', chunk.map(objectId));
          calls.push(['purchasedObjectIDs', withFields(p, { currency: CURRENCY, objectData: chunk.map((it) => objectData(it)) })]);
        }
        return calls.length ? calls : null;
      }
      case 'begin_checkout':
        return e.items.length
          ? [['convertedObjectIDs', payload(base, 'Checkout Started', e.items.slice(0, OBJECT_CAP).map(objectId))]]
          : null;
      default:
        return null;
    }
  };
}

export function searchInsightsProvider(
  index: string,
  target: () => { aa?: unknown } | undefined = () => globalThis as { aa?: unknown },
): Provider<InsightsCall[]> {
  return {
    id: 'search_insights',
    map: createInsightsMapper(index),
    send(calls) {
      const aa = target()?.aa;
      if (typeof aa !== 'function') return;
      for (const [method, payload] of calls) aa(method, payload);
    },
  };
}
