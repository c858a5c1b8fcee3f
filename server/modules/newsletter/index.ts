import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { readConfig } from '../../config.ts';
import { newsletterRoutes } from './routes.ts';

export { unsubscribeLink } from './signature.ts';

/** Newsletter unsubscribe through signed links (SPEC §7 unsubscribe-user). */
export async function newsletterModule(app: FastifyInstance, { db }: { db: Db }) {
  await newsletterRoutes(app, { db, secret: readConfig().SESSION_SECRET });
}
