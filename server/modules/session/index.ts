import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/database.ts';
import { configureSessions, readSession, type Session } from './service.ts';

export { deleteCustomerSessions, deleteSessionsOfCustomers, setSessionData } from './queries.ts';

export {
  endAllSessions,
  endSession,
  formatLastOrder,
  readSession,
  requireCustomer,
  requireCustomerId,
  SESSION_COOKIE,
  type Session,
  startSession,
} from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's session, read from the database once and memoised. */
    getSession(): Promise<Session | null>;
    sessionCache: Session | null | undefined;
  }
}

/**
 * Sessions: every request's `getSession()`, read once and memoised, for the whole app (a plugin that is not
 * encapsulated, so the decorators reach every module and the page renderer). The routes that start and end a
 * session are the auth module's; the session user it answers is built there too.
 */
export const sessionModule = fp(
  async (app: FastifyInstance, { db, idleHours }: { db: Db; idleHours: number }) => {
    configureSessions({ idleHours });
    app.decorateRequest('sessionCache', undefined);
    app.decorateRequest('getSession', async function (this: FastifyRequest) {
      if (this.sessionCache === undefined) this.sessionCache = await readSession(db, this);
      return this.sessionCache;
    });
  },
  { name: 'session' },
);
