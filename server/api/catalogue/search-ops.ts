import type { FastifyInstance } from 'fastify';
import { SearchStatusResponse, SearchSyncResponse } from '../../../schemas/catalogue.ts';
import { ok } from '../../http/envelope.ts';
import { Conflict, ServiceUnavailable } from '../../http/errors.ts';
import { algoliaSettings, type CatalogueStore, type FallbackSearch, type SearchConfig, syncCatalogue } from '../../search/index.ts';

// Operations calls of the search provider (docs/decisions/026): this instance's provider and its fallbacks, and
// sending the catalogue's three indexes to Algolia. The sync works whatever SEARCH_PROVIDER says, so the indexes
// can be filled before the flag turns the provider on.

export const SEARCH_NOT_CONFIGURED = 'Algolia is not configured: set ALGOLIA_APP_ID and ALGOLIA_WRITE_KEY.';

export async function searchOpsRoutes(
  app: FastifyInstance,
  { store, config, search }: { store: CatalogueStore; config: SearchConfig; search: FallbackSearch | null },
) {
  const syncConfigured = Boolean(config.ALGOLIA_APP_ID && config.ALGOLIA_WRITE_KEY);

  app.get(
    '/api/ops/search/status',
    {
      config: { access: 'ops', opsPermission: 'catalogue:read' },
      schema: {
        response: { 200: SearchStatusResponse },
        summary: "This instance's search provider and its fallbacks",
        operationId: 'getSearchStatus',
      },
    },
    async () => {
      const stats = search?.stats;
      return ok({
        provider: config.SEARCH_PROVIDER,
        sync_configured: syncConfigured,
        calls: stats?.calls ?? 0,
        fallbacks: stats?.fallbacks ?? 0,
        last_failure: stats?.lastFailure ?? null,
      });
    },
  );

  let running = false;
  app.post(
    '/api/ops/search/sync',
    {
      config: { access: 'ops', opsPermission: 'catalogue:write' },
      schema: {
        response: { 200: SearchSyncResponse },
        summary: 'Send the variant, category and brand indexes to the search provider',
        operationId: 'syncSearchIndexes',
      },
    },
    async (req) => {
      if (!syncConfigured) throw new Conflict(SEARCH_NOT_CONFIGURED);
      // One sync at a time per instance: a second would send the same records again for nothing.
      if (running) throw new Conflict('A search sync is already running on this instance.');
      running = true;
      try {
        await store.ready();
        const r = await syncCatalogue(algoliaSettings(config), store.snapshot).catch((err) => {
          req.log.warn({ err }, 'search sync failed');
          throw new ServiceUnavailable('The search provider did not take the indexes. Please try again later.', 60);
        });
        req.log.info({ ...r }, 'search indexes sent');
        return ok({ variants: r.variants, categories: r.categories, brands: r.brands, batches: r.batches, synced_at: r.syncedAt });
      } finally {
        running = false;
      }
    },
  );
}
