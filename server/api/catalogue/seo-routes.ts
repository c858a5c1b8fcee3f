import type { FastifyInstance } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import { pageMeta } from '../../html.ts';
import { ok } from '../../http/envelope.ts';
import { SeoRequest, SeoMetaResponse } from '../../../schemas/catalogue.ts';
import { BadRequest } from '../../http/errors.ts';
import type { CatalogueContext } from '../../modules/catalogue/index.ts';
import { readTarget } from '../../http/url.ts';

// Page meta for the browser's navigations (SPEC §7 SEO calls), from the same resolvers the server render uses.

export async function seoRoutes(root: FastifyInstance, { store }: CatalogueContext) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  app.get(
    '/api/seo/page-seo-meta',
    {
      schema: {
        response: { 200: SeoMetaResponse },
        summary: "A page's title, description and canonical address",
        operationId: 'getPageSeoMeta',
        querystring: SeoRequest,
      },
    },
    async (req) => {
      const { url } = req.query;
      await store.ready();
      // Read as a path on this site (`//a>` is a path, not a host to parse); what cannot be read is the client's error.
      const parsed = readTarget(url);
      if (!parsed) throw new BadRequest('url: a path starting with /');
      // Every module's resolver (catalogue, importers, …), as the server HTML uses them; else the route's default.
      const meta = await pageMeta(app.metaResolvers, parsed, app.routeFacts(parsed.pathname), '');
      return ok({ title: meta.title, description: meta.description, noindex: Boolean(meta.noindex), canonical: parsed.pathname });
    },
  );
}
