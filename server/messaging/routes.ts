import type { FastifyInstance } from 'fastify';
import { OutboxQuery, OutboxResponse } from '../../schemas/account.ts';
import { normaliseIdentifier } from '../../schemas/validation.ts';
import type { Db } from '../db/database.ts';
import type { ZodRequestTypes } from '../http/validate.ts';
import { listMessagesTo } from './outbox.ts';

/** docs/architecture.md "Data": outside production, the messages sent to an address, newest first. */
export async function devOutboxRoutes(root: FastifyInstance, { db }: { db: Db }) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        response: { 200: OutboxResponse },
        summary: 'Development tools: messages sent to an address',
        operationId: 'getDevOutbox',
        querystring: OutboxQuery,
      },
    },
    async (req) => {
      const { to } = req.query;
      // '+919876543210' (or '+91…' whose + arrived as a space) and '9876543210' name the same phone.
      const compact = to.replace(/[\s+-]/g, '');
      const recipient = /^\d{11,14}$/.test(compact) ? compact.slice(-10) : normaliseIdentifier(to);
      return { status: 1 as const, data: await listMessagesTo(db, recipient) };
    },
  );
}
