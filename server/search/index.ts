import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { CatalogueStore, type StoreOptions } from './store.ts';

// The search module's public surface. Other modules (the cart taking stock, a price edit) call
// catalogueChanged(db) after committing, so this instance shows the change at once; other instances see it at
// their next poll (within a second) through the change counters of migration 020.

export type { BaseFilter, Filters, SearchOutcome, SearchQuery } from './engine.ts';
export { SearchIndex } from './engine.ts';
export { catHierarchy, swatchValues, toHit } from './hits.ts';
export type { BrandRec, CatalogueSnapshot, CategoryRec, ProductRec, VariantRec } from './snapshot.ts';
export { CatalogueStore } from './store.ts';
export { matchNames } from './suggest.ts';
export { builtinProvider, builtinSuggestions } from './builtin.ts';
export { FallbackSearch, type ProviderOutcome, type SearchProvider, type SearchStats } from './provider.ts';
export { readSearchConfig, type SearchConfig } from './config.ts';
export { algoliaProvider, algoliaSettings } from './algolia.ts';
export { AlgoliaChangeFeed, syncCatalogue, type SyncResult } from './algolia-index.ts';

const stores = new WeakMap<Db, CatalogueStore>();

/** The catalogue store of a database handle (one per process per database), created on first use. */
export function catalogueStore(db: Db, options?: StoreOptions): CatalogueStore {
  let store = stores.get(db);
  if (!store) {
    store = new CatalogueStore(db, options);
    stores.set(db, store);
  }
  return store;
}

/**
 * Tell the catalogue that products, variants, prices, stock or offers changed. Row changes are tracked by
 * triggers anyway; this makes this instance apply them now. `structure: true` forces a full rebuild on every
 * instance (use it after deleting rows or changing brands / categories outside the triggers' sight).
 */
export async function catalogueChanged(db: Db, options: { structure?: boolean } = {}): Promise<void> {
  if (options.structure) await sql`SELECT nextval('catalogue_structure_seq')`.execute(db);
  await stores.get(db)?.refresh();
}
