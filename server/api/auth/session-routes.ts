import type { FastifyInstance } from 'fastify';
import { StatusOnlyResponse } from '../../../schemas/account.ts';
import { PingResponse } from '../../../schemas/common.ts';
import type { Db } from '../../db/database.ts';
import { fail, ok } from '../../http/envelope.ts';
import { endSession } from '../../modules/session/index.ts';
import { loadSessionUser } from '../../modules/auth/session-user.ts';

export const LOGOUT_NEEDS_BUTTON = 'Please use the Logout button to log out.';

export async function sessionRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get(
    '/api/ping',
    {
      schema: { response: { 200: PingResponse }, summary: 'The session user and the cart journey', operationId: 'ping' },
      config: { access: 'optional' },
    },
    async (req) => {
      const session = await req.getSession();
      const user = session?.customerId ? await loadSessionUser(db, session.customerId) : null;
      return { ...ok(user, user ? 'Signed in' : 'Guest'), cart_journey: user?.cart_journey ?? 'browse' };
    },
  );

  // Logout is a POST, covered by the cross-site check of every state-changing request.
  app.post(
    '/api/logout/logout-operation',
    {
      schema: { response: { 200: StatusOnlyResponse }, summary: 'Sign out and end the session', operationId: 'signOut' },
      config: { access: 'optional' },
    },
    async (req, reply) => {
      await endSession(db, req, reply);
      return ok(null, 'Logged out');
    },
  );

  // SPEC §7's GET path still answers links, but only a request the browser marks as this site's own ends the
  // session: an image or link on another site cannot sign a shopper out.
  app.get(
    '/api/logout/logout-operation',
    {
      schema: {
        response: { 200: StatusOnlyResponse },
        summary: 'Refuse a sign-out by link: sign-out is a POST',
        operationId: 'signOutLink',
      },
    },
    async (req, reply) => {
      if (req.headers['sec-fetch-site'] !== 'same-origin') return fail(LOGOUT_NEEDS_BUTTON);
      await endSession(db, req, reply);
      return ok(null, 'Logged out');
    },
  );
}
