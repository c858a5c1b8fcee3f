import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { readAuthConfig } from '../auth/index.ts';
import { sessionRoutes } from './routes.ts';
import { configureSessions } from './service.ts';

export { recordLastOrder } from './queries.ts';

export {
  endAllSessions,
  endSession,
  formatLastOrder,
  loadSessionUser,
  readSession,
  requireCustomer,
  requireCustomerId,
  SESSION_COOKIE,
  type Session,
  startSession,
} from './service.ts';

/** Sessions: /api/ping and logout; the session helpers every customer route uses. */
export async function sessionModule(app: FastifyInstance, { db }: { db: Db }) {
  configureSessions({ idleHours: readAuthConfig().SESSION_IDLE_HOURS });
  await app.register(sessionRoutes, { db });
}
