import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/database.ts';
import { catalogueStore } from '../../search/index.ts';
import { ContentCache } from './content-cache.ts';
import type { CatalogueContext } from './context.ts';
import { catalogueRoutes } from './routes.ts';
import { catalogueAddressCheck, catalogueMetaResolver } from './seo.ts';

// The catalogue module: every catalogue, listing, product, search, offers, home, sale and SEO call of SPEC §7,
// answered from this instance's in-memory copy of the catalogue (PGlite blocks the event loop; see
// server/search/store.ts for how the copy follows the database).

export { catalogueChanged } from '../../search/index.ts';
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
  const ctx: CatalogueContext = { db, store, content: new ContentCache(db, store) };
  // Load after start-up seeding (boot.ts seeds after building the app), then follow the database.
  app.addHook('onReady', async () => {
    await store.ready();
    store.start();
  });
  app.addHook('onClose', async () => {
    await store.stop();
  });
  app.metaResolvers.push(catalogueMetaResolver(store, ctx.content));
  app.pageAddressChecks.push(catalogueAddressCheck(store));
  await catalogueRoutes(app, ctx);
}
