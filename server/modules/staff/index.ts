import type { FastifyInstance } from 'fastify';
import { devToolsEnabled } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { PREVIEW_AUTHORIZATION } from '../../../schemas/catalogue.ts';
import { STAFF_MESSAGES } from '../../../schemas/staff.ts';
import { accessOf } from '../../http/docs.ts';
import { Unauthorized } from '../../http/errors.ts';
import { isOpsRoute, requireOps } from '../../http/ops.ts';
import { recordAudit } from './audit.ts';
import { readStaffConfig } from './config.ts';
import { ensureDemoOwner, guardDemoOwner, readStaffSession, STAFF_COOKIE } from './service.ts';

// The staff module's public surface (docs/decisions/019): staff accounts, their sessions and the audit trail. Its
// routes (sign-in, me, audit) and the secret re-encryption timer are in server/api/ops/.
export { type AuditWrite, auditCsv, auditedVersion, listAudit, recordAudit, recordAudits } from './audit.ts';
export {
  acceptLink,
  changeOwnPassword,
  changeRole,
  endSessions,
  inviteStaff,
  listStaff,
  readLink,
  requireStepUp,
  resetSecondFactor,
  setDisabled,
} from './accounts.ts';
export type { StaffConfig } from './config.ts';
export { readStaffConfig } from './config.ts';
export { checkStaffPassword, STAFF_PASSWORD_MESSAGES } from './password.ts';
export {
  createStaff,
  currentCode,
  DEMO_OWNER_IN_PRODUCTION,
  DEMO_STAFF,
  demoOwnerCode,
  guardDemoOwner,
  openTotp,
  otpauthUrl,
  reencryptStaffSecrets,
  signIn,
  signOut,
  STAFF_COOKIE,
  STAFF_COOKIE_PATH,
  staffMe,
} from './service.ts';

/**
 * Registered first (server/api/index.ts) and without encapsulation: its hooks run for every module's routes, so
 * `req.staff` is known before any operations check, and every allowed operations write lands in the audit trail.
 */
export async function staffModule(app: FastifyInstance, { db }: { db: Db }) {
  const config = readStaffConfig();
  app.decorateRequest('staff', null);
  app.decorateRequest('opsActor', null);
  app.decorateRequest('audited', false);

  app.addHook('onRequest', async (req) => {
    const route = req.routeOptions;
    const access = accessOf({ method: req.method, url: route.url ?? '', config: route.config });
    if (req.cookies?.[STAFF_COOKIE]) {
      // Operations calls, and preview calls (a preview needs staff: docs/decisions/009-staff-preview-authorisation.md).
      const preview = req.headers.authorization === PREVIEW_AUTHORIZATION;
      if (preview || access === 'ops' || access === 'staff' || isOpsRoute(req.method, route.url, route.config))
        req.staff = await readStaffSession(db, config, req);
    }
    // The route's access, checked before Fastify validates the request (docs/decisions/025): 401 (or 403) before 400.
    if (access === 'ops') requireOps(req);
    else if (access === 'staff' && !req.staff) throw new Unauthorized(STAFF_MESSAGES.sessionEnded);
  });

  // An operations write whose handler kept no entry of its own (calls other modules own) is recorded here, before
  // its answer leaves: who, the call, its parameters and body.
  app.addHook('onSend', async (req, reply, payload) => {
    if (!req.opsActor || req.audited || reply.statusCode >= 400) return payload;
    if (req.method === 'GET' || req.method === 'HEAD') {
      // Reads change nothing, but data leaving in bulk is on record: every CSV export, and the customer search.
      const exported = String(reply.getHeader('content-type') ?? '').startsWith('text/csv');
      if (exported || req.routeOptions.url === '/api/ops/customers')
        await recordAudit(db, req, { action: `export GET ${req.routeOptions.url}`, target: JSON.stringify(req.query ?? {}) });
      return payload;
    }
    await recordAudit(db, req, {
      action: `${req.method} ${req.routeOptions.url}`,
      target: JSON.stringify(req.params ?? {}),
      after: req.body ?? null,
    });
    return payload;
  });

  // The demo owner exists only with the development tools; production refuses to start while it is active.
  const start = { NODE_ENV: process.env.NODE_ENV, KASRAT_DEV_TOOLS: devToolsEnabled() ? '1' : '' };
  app.addHook('onReady', async () => (start.KASRAT_DEV_TOOLS ? ensureDemoOwner(db) : guardDemoOwner(db, start)));
}
// Fastify's own switch for a plugin that decorates its parent (what fastify-plugin sets).
(staffModule as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
