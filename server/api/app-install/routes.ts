import type { FastifyInstance } from 'fastify';
import { AppLinksResponse } from '../../../schemas/content-pages.ts';
import type { AppLinks } from '../../../schemas/content-pages.ts';
import { ok } from '../../http/envelope.ts';

export async function appInstallRoutes(app: FastifyInstance, { links }: { links: AppLinks }) {
  app.get(
    '/api/app/app-links',
    { schema: { response: { 200: AppLinksResponse }, summary: "Links to the store's mobile apps", operationId: 'getAppLinks' } },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return ok(links);
    },
  );
}
