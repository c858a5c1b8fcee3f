import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { storefrontFormRoutes } from '../../api/storefront-forms/routes.ts';

/**
 * The storefront's HTML forms (docs/decisions/017): add to cart, change a quantity, remove a line, answered with a
 * 303 back to the page (or on to the cart), so they work before the app has hydrated and without JavaScript.
 */
export async function storefrontFormsModule(app: FastifyInstance, { db }: { db: Db }) {
  await storefrontFormRoutes(app, { db });
}
