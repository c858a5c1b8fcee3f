import { createContext, useContext, useState } from 'react';

// Server rendering (docs/decisions/010): the answers the route's loaders gathered for one request, before its one
// render. The answers go into the page, and the browser starts from them before hydrating, so its first render is
// the server's and nothing is fetched twice.
//
// Two kinds of answer travel: the catalogue's, the same for every shopper (src/api/cached-resource.ts), and
// the shopper's own (their session, cart, gifts), loaded only when the server renders with the shopper's cookies
// (a "personal" render, whose HTML is private) and keyed with {@link SHOPPER_KEY}.

export interface PrefetchScope {
  readonly data: Map<string, unknown>;
  /**
   * Keys the render asked for without an answer (the loader's load failed or ran out of time, or it did not load
   * them): rendered loading, and loaded by the browser itself. Empty for a page whose loader is right.
   */
  readonly missing: Set<string>;
  /** The render carries the shopper's cookies, so the shopper's own data is loaded and rendered too. */
  readonly personal: boolean;
}

const PrefetchContext = createContext<PrefetchScope | null>(null);
export const PrefetchProvider = PrefetchContext.Provider;
/** The render's scope on the server; null in the browser. */
export const usePrefetchScope = (): PrefetchScope | null => useContext(PrefetchContext);

/** The prefix of the shopper's own answers among a render's data. */
export const SHOPPER_KEY = 'shopper:';

/**
 * Server side: the answer for `key` in this render, wrapped (a null answer is an answer), or undefined when the
 * route's loader did not load it (noted as missing: the browser loads it).
 */
export function prefetched<T>(scope: PrefetchScope, key: string): { value: T } | undefined {
  if (scope.data.has(key)) return { value: scope.data.get(key) as T };
  scope.missing.add(key);
  return undefined;
}

// The browser's side of the shopper's answers: kept until the code that shows them asks, once.
const seeds = new Map<string, unknown>();
const seedListeners = new Set<(name: string) => void>();

/** Stores the shopper's answers the page was rendered with (the entries under {@link SHOPPER_KEY}). */
export function seedShopperData(entries: Iterable<readonly [string, unknown]>): void {
  for (const [key, value] of entries) {
    if (!key.startsWith(SHOPPER_KEY)) continue;
    const name = key.slice(SHOPPER_KEY.length);
    seeds.set(name, value);
    for (const listener of seedListeners) listener(name);
  }
}

/** The server's answer for `name`, handed out once (the next reader loads afresh); undefined when there is none. */
export function takeSeed<T>(name: string): { value: T } | undefined {
  if (!seeds.has(name)) return undefined;
  const value = seeds.get(name) as T;
  seeds.delete(name);
  return { value };
}

/** Called for each seed stored from now on (stores created before the page's answers arrived). */
export function onSeed(listener: (name: string) => void): void {
  seedListeners.add(listener);
}

/**
 * Server side: the shopper's answer for `name` in a personal render (when `enabled`), as the route's loader loaded it
 * (src/api/shopper-data.ts); undefined in the browser, where the code that keeps the answer takes it with
 * {@link takeSeed}.
 */
export function useServerShopperAnswer<T>(name: string, enabled = true): { value: T } | undefined {
  const scope = usePrefetchScope();
  if (!scope?.personal || !enabled) return undefined;
  return prefetched<T>(scope, SHOPPER_KEY + name);
}

/**
 * The shopper's answer for `name` that the page was rendered with: on the server, loaded in a personal render
 * (when `enabled`); in the browser, the seed, read once by the first render. Undefined when there is none.
 */
export function useShopperSeed<T>(name: string, enabled = true): { value: T } | undefined {
  const scope = usePrefetchScope();
  const [seed] = useState(() => (scope ? undefined : takeSeed<T>(name)));
  const server = useServerShopperAnswer<T>(name, enabled);
  return scope ? server : seed;
}
