import type { FastifyInstance } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import { StatusOnlyResponse } from '../../../schemas/account.ts';
import { LogErrorRequest, HealthResponse, ReadinessResponse } from '../../../schemas/common.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { DATABASE_RETRY_AFTER_S } from '../../http/errors.ts';
import { isDraining } from '../../http/draining.ts';
import { clientKey, enforceLimit } from '../../http/rate-limit.ts';
import { insertErrorLog } from '../../modules/system/queries.ts';
import type { SystemConfig } from '../../modules/system/service.ts';

const startedAt = Date.now();
/** A report's stored size is bounded whatever the client sends (a stack and a component stack are enough). */
const LOG_ERRORS_BODY_LIMIT = 65_536;
const cut = (s: string | null | undefined, n: number) => (s == null ? null : s.slice(0, n));

export async function systemRoutes(root: FastifyInstance, { handle, config }: { handle: DatabaseHandle; config: SystemConfig }) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  const { db } = handle;

  // Liveness: the process answers, whatever the database does (a supervisor restarting us would not bring it back).
  app.get(
    '/api/health',
    { schema: { response: { 200: HealthResponse }, summary: 'Liveness: the process answers', operationId: 'getHealth' } },
    async () => ({ status: 'ok' as const, db: handle.kind, uptime_s: Math.round((Date.now() - startedAt) / 1000) }),
  );

  // Readiness: whether this instance can serve calls that need the database, for a load balancer to route by
  // (README "Reliability"). Answered from the pool's probe, so it never waits on a database that does not answer.
  app.get(
    '/api/health/ready',
    {
      schema: {
        summary: 'Readiness: the database answers and migrations are applied',
        operationId: 'getReadiness',
        response: { 200: ReadinessResponse, 503: ReadinessResponse },
      },
    },
    async (_req, reply) => {
      // The database's own error stays in the log: this answer is public and would name hosts and ports.
      // A draining instance (server/http/draining.ts) is not ready either, so the balancer moves away first.
      const { ready: dbReady, down_for_ms } = handle.readiness();
      const ready = dbReady && !isDraining();
      if (!ready) reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_S));
      return { status: ready ? ('ready' as const) : ('unavailable' as const), db: handle.kind, ready, down_for_ms };
    },
  );

  // SPEC §7: the error boundary posts here. Stored so errors from every instance are in one place; limited per
  // client address and trimmed, and kept RETENTION_ERROR_LOG_DAYS.
  app.post(
    '/api/log-errors',
    {
      schema: {
        response: { 200: StatusOnlyResponse },
        summary: 'Record an error the browser caught',
        operationId: 'logClientError',
        body: LogErrorRequest,
      },
      bodyLimit: LOG_ERRORS_BODY_LIMIT,
    },
    async (req) => {
      const body = req.body;
      await enforceLimit(db, `log-errors:ip:${clientKey(req.ip)}`, config.LOG_ERRORS_LIMIT_PER_IP, 60, 'Too many error reports.');
      await insertErrorLog(db, {
        error: body.error.slice(0, 2_000),
        error_info: cut(body.errorInfo, 8_000),
        location: cut(body.location, 500),
        user_agent: cut(body.userAgent, 500),
        request_id: String(req.id),
      });
      req.log.warn({ clientError: body.error.slice(0, 500), location: cut(body.location, 200) }, 'client error reported');
      return ok(null, 'Logged');
    },
  );
}
