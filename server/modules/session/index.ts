import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/database.ts';
import { Unauthorized } from '../../http/errors.ts';
import type { SessionCheck } from './queries.ts';
import { configureSessions, readSession, type Session, sessionCheckOf } from './service.ts';

export { deleteCustomerSessions, deleteSessionsOfCustomers, liveSessionCtes, type SessionCheck, setSessionData } from './queries.ts';

export {
  endAllSessions,
  endSession,
  formatLastOrder,
  readSession,
  requireCustomer,
  SESSION_COOKIE,
  type Session,
  startSession,
} from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's session, read from the database once and memoised. */
    getSession(): Promise<Session | null>;
    sessionCache: Session | null | undefined;
    /**
     * The signed-in customer of a route that declares `config.access: 'customer'`, set before the request is
     * validated; null on every other route (read the session there).
     */
    customerId: number | null;
  }
}

/**
 * The customer of a route that declares `config.access: 'customer'`: the session module's `onRequest` hook has
 * refused a guest (with the route's `config.signIn` message) before the handler runs. Anywhere else, a guest is 401.
 */
export function signedInCustomer(req: FastifyRequest): number {
  if (req.customerId === null) throw new Unauthorized(req.routeOptions.config?.signIn);
  return req.customerId;
}

/**
 * The session of a route that declares `config.sessionInStatement`, for its handler's first statement to check
 * (liveSessionCtes): `settle` takes the customer that statement found live, or null, which is the route's 401.
 * Settled, the request's session reads as if the hook had read it.
 */
export interface DeferredSession {
  check: SessionCheck;
  settle(customerId: number | null): number;
}

/** The request's {@link DeferredSession}; only for a route that declares `config.sessionInStatement`. */
export function deferredSession(req: FastifyRequest): DeferredSession {
  const check = sessionCheckOf(req);
  if (!req.routeOptions.config?.sessionInStatement || !check) throw new Error('deferredSession: not a route that defers its session');
  return {
    check,
    settle(customerId) {
      req.sessionCache = customerId === null ? null : { id: check.id, customerId };
      if (customerId === null) throw new Unauthorized(req.routeOptions.config?.signIn);
      req.customerId = customerId;
      return customerId;
    },
  };
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
    app.decorateRequest('customerId', null);
    // A customer route refuses a guest here, before Fastify validates the request (docs/decisions/025): 401 comes
    // before 400, as it did when each handler checked the session first. A live session is never a blocked
    // customer's (findLiveSession).
    app.addHook('onRequest', async (req) => {
      const config = req.routeOptions.config;
      if (config?.access !== 'customer') return;
      // Without a session cookie there is nothing to check: refused here all the same.
      if (config.sessionInStatement && sessionCheckOf(req)) return;
      const session = await req.getSession();
      if (!session?.customerId) throw new Unauthorized(config.signIn);
      req.customerId = session.customerId;
    });
  },
  { name: 'session' },
);
