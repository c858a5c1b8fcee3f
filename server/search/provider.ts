import type { Suggestions } from '../../schemas/catalogue.ts';
import type { SearchProviderName } from './config.ts';
import type { SearchOutcome, SearchQuery } from './engine.ts';
import type { CatalogueStore } from './store.ts';

// The search adapter interface the catalogue's listing, search and suggestion routes call (docs/decisions/026).
// Every provider answers in the built-in engine's terms (variants of this instance's catalogue, facets, counts),
// so the routes serialise one shape whoever searched: pages do not change with the provider.

/** A provider's answer: the engine's outcome, and the provider's own search id when it gives one. */
export interface ProviderOutcome extends SearchOutcome {
  /** The provider's query id for search insights (32 hex); without it the listing names the search itself. */
  queryID?: string;
}

export interface SearchProvider {
  readonly name: SearchProviderName;
  search(store: CatalogueStore, query: SearchQuery): Promise<ProviderOutcome>;
  suggest(store: CatalogueStore, q: string): Promise<Suggestions>;
}

/** What a provider's failures have been on this instance (GET /api/ops/search/status). */
export interface SearchStats {
  provider: SearchProviderName;
  /** Calls sent to the provider (searches and suggestions). */
  calls: number;
  /** Of those, the ones the built-in engine answered instead (an error, a timeout, an unreadable answer). */
  fallbacks: number;
  lastFailure: { at: string; reason: string } | null;
}

interface Logger {
  warn(obj: object, msg: string): void;
}

/**
 * A provider with the built-in engine behind it: a failure or a timeout of the provider is logged and counted, and
 * the call answers null, for the caller to answer that request with the built-in engine and its caches (SPEC §1: a
 * failure of a third-party service never reaches the shopper).
 */
export class FallbackSearch {
  readonly stats: SearchStats;

  constructor(
    readonly primary: SearchProvider,
    private readonly log: Logger,
  ) {
    this.stats = { provider: primary.name, calls: 0, fallbacks: 0, lastFailure: null };
  }

  /** The provider's answer, or null when the built-in engine must answer. */
  search(store: CatalogueStore, query: SearchQuery): Promise<ProviderOutcome | null> {
    return this.attempt('search', () => this.primary.search(store, query));
  }

  /** The provider's suggestions, or null when the built-in engine must answer. */
  suggest(store: CatalogueStore, q: string): Promise<Suggestions | null> {
    return this.attempt('suggest', () => this.primary.suggest(store, q));
  }

  private async attempt<T>(what: string, call: () => Promise<T>): Promise<T | null> {
    this.stats.calls++;
    try {
      return await call();
    } catch (err) {
      this.stats.fallbacks++;
      const reason = err instanceof Error ? err.message : String(err);
      this.stats.lastFailure = { at: new Date().toISOString(), reason };
      this.log.warn(
        { err, provider: this.primary.name, call: what, fallbacks: this.stats.fallbacks },
        'search provider failed: built-in engine answered',
      );
      return null;
    }
  }
}
