import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';
import { readObservabilityConfig } from '../observability/config.ts';
import { httpDuration, httpErrors, httpRequests, registry, startProcessMetrics } from '../observability/registry.ts';
import { databaseFigures } from '../observability/scrape.ts';
import { isOps } from './ops.ts';

// `/metrics` in Prometheus's text format (docs/operations.md "Metrics"), for the operations token or the scrape
// token (METRICS_TOKEN) only: anyone else gets a bare 401. Each request is counted under its route's template
// (`/api/orders/:orderId`), never its address, so the series stay a bounded set.

export const METRICS_PATH = '/metrics';

/** A request's route label: the matched template, the page pattern of a rendered page, or one name for the rest. */
function routeLabel(app: FastifyInstance, req: FastifyRequest): string {
  const template = req.routeOptions.url;
  if (template) return template;
  const pathname = req.url.split('?')[0] ?? '';
  if (pathname.startsWith('/api/') || req.method !== 'GET') return '(unmatched)';
  return app.routeFacts(pathname)?.route?.pattern ?? '(unmatched)';
}

export async function registerMetrics(app: FastifyInstance, { handle }: { handle: DatabaseHandle }): Promise<void> {
  const { metricsToken } = readObservabilityConfig();
  startProcessMetrics();
  const figures = databaseFigures(handle);
  app.addHook('onClose', async () => figures.close());

  app.addHook('onResponse', async (req, reply) => {
    const route = routeLabel(app, req);
    const status = reply.statusCode;
    httpRequests.inc({ route, method: req.method, status: `${Math.floor(status / 100)}xx` });
    if (status >= 500) httpErrors.inc({ route, method: req.method });
    httpDuration.observe({ route, method: req.method }, reply.elapsedTime / 1000);
  });

  app.get(METRICS_PATH, { schema: { hide: true } }, async (req, reply) => {
    if (!isOps(req) && !(metricsToken && isOps(req, metricsToken)))
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .header('cache-control', 'no-store')
        .type('text/plain')
        .send('Unauthorized');
    await figures.refresh();
    const [own, db] = await Promise.all([registry.metrics(), figures.registry.metrics()]);
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(`${own}\n${db}`);
  });
}
