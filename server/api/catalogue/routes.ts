import type { FastifyInstance } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import type { CatalogueContext } from '../../modules/catalogue/index.ts';
import { brandRoutes } from './brand-routes.ts';
import { catalogueImageRoutes } from './image-routes.ts';
import { listingRoutes } from './listing-routes.ts';
import { offerRoutes } from './offer-routes.ts';
import { productRoutes } from './product-routes.ts';
import { seoRoutes } from './seo-routes.ts';

// The catalogue's HTTP surface (SPEC §7 catalogue, listing, product, search, offers, home, sale and SEO calls), one
// file per concern: each handler parses its request, asks the catalogue module's rules (server/modules/catalogue/:
// listing.ts, product.ts, offers.ts, seo.ts, brands.ts, images.ts) and answers; nothing here decides what a
// shopper sees.

/** Registers every catalogue route. */
export async function catalogueRoutes(root: FastifyInstance, ctx: CatalogueContext) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  await listingRoutes(app, ctx);
  await productRoutes(app, ctx);
  await brandRoutes(app, ctx);
  await offerRoutes(app, ctx);
  await seoRoutes(app, ctx);
  await catalogueImageRoutes(app, ctx);
}
