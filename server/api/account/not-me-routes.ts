import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { ZodRequestTypes } from '../../http/validate.ts';
import { disownChange, liveNotMeChange, OWNER_MESSAGES } from '../../modules/account/index.ts';
import { deleteCustomerSessions } from '../../modules/session/index.ts';

// The page behind a "not me" link in an account message (docs/decisions/012-owner-proof-and-source-delays.md):
// HTML, asked before anything changes.

const NotMeQuery = z.object({ token: z.string().min(10).max(100) });
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>body{font-family:system-ui,sans-serif;max-width:30rem;margin:3rem auto;padding:0 1rem;color:#222}button{padding:.6rem 1rem;font-size:1rem;cursor:pointer}</style></head><body><h1>${title}</h1>${body}</body></html>`;

/**
 * GET /api/account/not-me shows a button (a link scanner opening the mail must not freeze the account); its form
 * posts back here, which freezes the account (its own state, not support's block: the account module's freeze.ts)
 * and ends every session.
 */
export async function notMeRoutes(root: FastifyInstance, { db }: { db: Db }) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  const send = (reply: import('fastify').FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
      )
      .header('cache-control', 'private, no-store')
      .header('referrer-policy', 'no-referrer')
      .send(html);
  const live = (token: string) => liveNotMeChange(db, token);

  app.get(
    '/api/account/not-me',
    { schema: { summary: 'The page behind a "not me" link in an account message', operationId: 'getNotMe', querystring: NotMeQuery } },
    async (req, reply) => {
      const { token } = req.query;
      if (!(await live(token))) return send(reply, 404, page('Link expired', `<p>${OWNER_MESSAGES.notMeInvalid}</p>`));
      return send(
        reply,
        200,
        page(
          'This was not me',
          `<p>Freezing your account signs out every device and stops all changes until customer support restores it.</p><form method="post" action="/api/account/not-me"><input type="hidden" name="token" value="${token.replace(/[^A-Za-z0-9_-]/g, '')}"><button type="submit">Freeze my account</button></form>`,
        ),
      );
    },
  );

  app.post(
    '/api/account/not-me',
    { schema: { summary: 'Undo an account change the owner did not make', operationId: 'confirmNotMe', body: NotMeQuery } },
    async (req, reply) => {
      const { token } = req.body;
      const change = await live(token);
      if (!change) return send(reply, 404, page('Link expired', `<p>${OWNER_MESSAGES.notMeInvalid}</p>`));
      await disownChange(db, change);
      await deleteCustomerSessions(db, change.customer_id);
      req.log.warn({ customerId: change.customer_id, changeId: change.id }, 'account frozen by its owner ("this was not me")');
      return send(reply, 200, page('Account frozen', `<p>${OWNER_MESSAGES.notMeDone}</p>`));
    },
  );
}
