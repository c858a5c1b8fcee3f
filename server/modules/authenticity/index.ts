import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { importerMetaResolver } from './meta.ts';
import { authenticityRoutes } from '../../api/authenticity/routes.ts';

/** Authenticity checks, brand certificates and importer pages (SPEC §1, §3, §7). */
export async function authenticityModule(app: FastifyInstance, { db }: { db: Db }) {
  app.metaResolvers.push(importerMetaResolver(db));
  await authenticityRoutes(app, { db });
}
