import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { storeRoutes } from './routes.ts';

/** Store locator and the retailer programme (SPEC §1, §7). */
export async function storesApi(app: FastifyInstance, { db }: { db: Db }) {
  await storeRoutes(app, { db });
}
