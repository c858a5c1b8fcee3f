import type { FastifyInstance } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import { StatusOnlyResponse } from '../../../schemas/account.ts';
import { z } from 'zod';
import { envelope } from '../../../schemas/common.ts';
import {
  AuditQuery,
  CreateStaffRequest,
  CreateStaffResponse,
  AuditResponse,
  STAFF_MESSAGES,
  StaffMeResponse,
  StaffSignInRequest,
} from '../../../schemas/staff.ts';
import { devToolsEnabled } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { Unauthorized } from '../../http/errors.ts';
import {
  createStaff,
  demoOwnerCode,
  listAudit,
  recordAudit,
  type StaffConfig,
  signIn,
  signOut,
  staffMe,
} from '../../modules/staff/index.ts';

// The console's own calls (docs/decisions/019). Sign-in, sign-out and "who am I" are open; every other call
// declares the permission it needs, checked by the staff module's hook before the handler runs (server/modules/staff/index.ts).

export async function staffRoutes(root: FastifyInstance, { db, config }: { db: Db; config: StaffConfig }) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  app.post(
    '/api/ops/staff/sign-in',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Sign a member of staff in with email, password and authenticator code',
        operationId: 'staffSignIn',
        body: StaffSignInRequest,
        response: { 200: StaffMeResponse },
      },
    },
    async (req, reply) => ok(await signIn(db, config, req, reply, req.body), STAFF_MESSAGES.signedIn),
  );

  app.post(
    '/api/ops/staff/sign-out',
    {
      schema: { response: { 200: StatusOnlyResponse }, summary: 'End the staff session this browser holds', operationId: 'staffSignOut' },
      config: { access: 'public' },
    },
    async (req, reply) => {
      await signOut(db, req, reply);
      return ok(null, STAFF_MESSAGES.signedOut);
    },
  );

  app.get(
    '/api/ops/staff/me',
    {
      config: { access: 'staff' },
      schema: { summary: 'The signed-in member of staff and their role', operationId: 'getStaffMe', response: { 200: StaffMeResponse } },
    },
    async (req) => {
      const me = req.staff ? await staffMe(db, req.staff.id) : null;
      if (!me) throw new Unauthorized(STAFF_MESSAGES.sessionEnded);
      return ok(me);
    },
  );

  // The owner reads the trail; nothing anywhere changes it.
  app.get(
    '/api/ops/audit',
    {
      config: { opsPermission: 'audit:read' },
      schema: {
        summary: 'The audit trail of staff and operations writes',
        operationId: 'listAudit',
        querystring: AuditQuery,
        response: { 200: AuditResponse },
      },
    },
    async (req) => {
      return ok({ entries: await listAudit(db, req.query) });
    },
  );

  // The owner adds staff (`npm run ops -- create-staff`, with the token for the very first owner).
  app.post(
    '/api/ops/staff',
    {
      config: { opsPermission: 'staff:manage' },
      schema: {
        summary: 'Add a member of staff with a role',
        operationId: 'createStaff',
        body: CreateStaffRequest,
        response: { 200: CreateStaffResponse },
      },
    },
    async (req) => {
      const created = await createStaff(db, req.body);
      // Never the password or the secret: the trail is read by people.
      await recordAudit(db, req, {
        action: 'staff.create',
        target: `staff:${created.id}`,
        after: { email: created.email, role: created.role },
      });
      return ok(created, `Staff account ${created.email} created. Add the secret to an authenticator app now: it is not shown again.`);
    },
  );

  // A development tool (KASRAT_DEV_TOOLS=1, like /api/dev/outbox): the demo owner's current TOTP code.
  if (devToolsEnabled()) {
    app.get(
      '/api/dev/staff-code',
      {
        schema: {
          summary: "Development tools: the demo owner's current authenticator code",
          operationId: 'getDevStaffCode',
          response: { 200: envelope(z.object({ code: z.string() }).nullable()) },
        },
      },
      async () => {
        const code = await demoOwnerCode(db);
        return ok(code ? { code } : null);
      },
    );
  }
}
