import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { storeRoutes } from '../../api/stores/routes.ts';

/** Store locator and the retailer programme (SPEC §1, §7). */
export async function storesModule(app: FastifyInstance, { db }: { db: Db }) {
  await storeRoutes(app, { db });
}

export { type DirectoryLoad, loadPincodeDirectory, statesNear } from './pincode-directory.ts';
