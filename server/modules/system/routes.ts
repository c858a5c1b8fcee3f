import type { FastifyInstance } from 'fastify';
import { LogErrorRequest } from '../../../schemas/common.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { parse } from '../../http/validate.ts';

const startedAt = Date.now();

export async function systemRoutes(app: FastifyInstance, { handle }: { handle: DatabaseHandle }) {
  const { db } = handle;

  app.get('/api/health', async () => ({ status: 'ok' as const, db: handle.kind, uptime_s: Math.round((Date.now() - startedAt) / 1000) }));

  // SPEC §7: the error boundary posts here. Stored so errors from every instance are in one place.
  app.post('/api/log-errors', async (req) => {
    const body = parse(LogErrorRequest, req.body);
    await db
      .insertInto('error_logs')
      .values({
        error: body.error,
        error_info: body.errorInfo ?? null,
        location: body.location ?? null,
        user_agent: body.userAgent ?? null,
        request_id: String(req.id),
      })
      .execute();
    req.log.warn({ clientError: body.error, location: body.location }, 'client error reported');
    return ok(null, 'Logged');
  });
}
