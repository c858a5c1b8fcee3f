import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { cartRoutes } from './routes.ts';

/** Every /api/cart call of SPEC §7 and the two freebie calls. */
export async function cartApi(app: FastifyInstance, { db }: { db: Db }) {
  await app.register(cartRoutes, { db });
}
