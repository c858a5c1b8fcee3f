import type { FastifyInstance } from 'fastify';
import type { AppLinks } from '../../../schemas/content-pages.ts';
import { ok } from '../../http/envelope.ts';

export async function appInstallRoutes(app: FastifyInstance, { links }: { links: AppLinks }) {
  app.get('/api/app/app-links', async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return ok(links);
  });
}
