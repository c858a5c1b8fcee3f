import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/database.ts';
import {
  AlgoliaChangeFeed,
  algoliaProvider,
  algoliaSettings,
  catalogueStore,
  FallbackSearch,
  readSearchConfig,
} from '../../search/index.ts';
import { ContentCache } from './content-cache.ts';
import type { CatalogueContext } from './context.ts';
import { catalogueRoutes } from '../../api/catalogue/routes.ts';
import { searchOpsRoutes } from '../../api/catalogue/search-ops.ts';
import { catalogueAddressCheck, catalogueMetaResolver } from './seo.ts';

// The catalogue module: every catalogue, listing, product, search, offers, home, sale and SEO call of SPEC §7,
// answered from this instance's in-memory copy of the catalogue (PGlite blocks the event loop; see
// server/search/store.ts for how the copy follows the database).

export { catalogueChanged } from '../../search/index.ts';
export { type DeclarationsSave, saveDeclarations, staffDeclarations } from './declarations.ts';
export { refreshAllProductRatings, refreshProductRating } from './ratings.ts';
export {
  createSalePage,
  type PriceEditResult,
  type SalePageValues,
  type SaleSectionInput,
  saveProductImage,
  saveSalePage,
  setProductPublished,
  setVariantPrice,
  type VariantPrices,
} from './staff-edits.ts';

export async function catalogueModule(app: FastifyInstance, { handle }: { handle: DatabaseHandle }) {
  const { db } = handle;
  const store = catalogueStore(db, { onError: (err) => app.log.warn({ err }, 'catalogue refresh failed') });
  // SPEC §1: the third-party search is off unless SEARCH_PROVIDER turns it on; the built-in engine stays behind it.
  const searchConfig = readSearchConfig();
  const search =
    searchConfig.SEARCH_PROVIDER === 'algolia' ? new FallbackSearch(algoliaProvider(algoliaSettings(searchConfig)), app.log) : null;
  const ctx: CatalogueContext = { db, store, content: new ContentCache(db, store), search };
  // With the provider on and a write key, price, stock and ranking changes follow to its variant index.
  const feed =
    search && searchConfig.ALGOLIA_WRITE_KEY
      ? new AlgoliaChangeFeed(algoliaSettings(searchConfig), (err) => app.log.warn({ err }, 'search index update failed'))
      : null;
  if (feed) store.onProductsTouched((products) => feed.touched(products));
  // Load after start-up seeding (boot.ts seeds after building the app), then follow the database.
  app.addHook('onReady', async () => {
    await store.ready();
    store.start();
  });
  app.addHook('onClose', async () => {
    await store.stop();
    await feed?.stop();
  });
  app.metaResolvers.push(catalogueMetaResolver(store, ctx.content, db));
  app.pageAddressChecks.push(catalogueAddressCheck(store));
  await catalogueRoutes(app, ctx);
  await app.register(searchOpsRoutes, { store, config: searchConfig, search });
}
