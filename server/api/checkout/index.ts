import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { CheckoutDeps } from '../../modules/checkout/index.ts';
import { checkoutRoutes } from './routes.ts';

export async function checkoutApi(app: FastifyInstance, deps: CheckoutDeps & { db: Db }) {
  await app.register(checkoutRoutes, deps);
}
