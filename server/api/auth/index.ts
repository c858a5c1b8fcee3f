import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { AuthServices } from '../../modules/auth/index.ts';
import { devIdpRoutes } from './dev-idp.ts';
import { authRoutes } from './routes.ts';
import { sessionRoutes } from './session-routes.ts';

/**
 * Sign-in: the /api/auth calls, /api/ping (the session user) and logout, and with the development tools on, the
 * development identity provider.
 */
export async function authApi(app: FastifyInstance, { db, auth: services }: { db: Db; auth: AuthServices }) {
  await app.register(authRoutes, { db, ...services });
  await app.register(sessionRoutes, { db });
  if (services.config.devIdp) await app.register(devIdpRoutes, { keys: services.keys, config: services.config });
}
