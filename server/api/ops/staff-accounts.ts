import type { FastifyInstance } from 'fastify';
import { StatusOnlyResponse } from '../../../schemas/account.ts';
import {
  AcceptLinkRequest,
  AcceptLinkResponse,
  AuditFilters,
  ChangeOwnPasswordRequest,
  ChangeRoleRequest,
  InviteStaffRequest,
  SetDisabledRequest,
  StaffIdParams,
  StaffLinkResponse,
  StaffListResponse,
  StepUpRequest,
} from '../../../schemas/staff.ts';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { signalOutbox } from '../../messaging/index.ts';
import {
  acceptLink,
  auditCsv,
  changeOwnPassword,
  changeRole,
  endSessions,
  inviteStaff,
  listStaff,
  readLink,
  readStaffConfig,
  recordAudit,
  requireStepUp,
  resetSecondFactor,
  setDisabled,
} from '../../modules/staff/index.ts';
import type { ZodRequestTypes } from '../../http/validate.ts';

// The staff life cycle and the audit trail's export (docs/decisions/019). Managing staff is the owner's (the
// `staff:manage` permission), each act confirmed by a fresh authenticator code; the one-time links are open, the
// token in the body (never in a path a log keeps); a member's own password is theirs to change.

const LinkBody = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'This link is not valid.') });

export async function staffAccountRoutes(root: FastifyInstance, { db }: { db: Db }) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  const config = readStaffConfig();
  const manage = { opsPermission: 'staff:manage' as const };

  app.get(
    '/api/ops/staff',
    {
      config: manage,
      schema: { summary: 'Every staff account and open invitation', operationId: 'listStaff', response: { 200: StaffListResponse } },
    },
    async () => ok(await listStaff(db)),
  );

  app.post(
    '/api/ops/staff/invites',
    {
      config: manage,
      schema: {
        summary: 'Invite a member of staff by email: a one-time link to set their password and authenticator',
        operationId: 'inviteStaff',
        body: InviteStaffRequest,
        response: { 200: StatusOnlyResponse },
      },
    },
    async (req) => {
      const actor = await requireStepUp(db, req, req.body.code);
      await inviteStaff(db, config, req, actor, req.body.email, req.body.role);
      signalOutbox();
      return ok(null, `Invitation sent to ${req.body.email}. The link works once, for ${config.STAFF_INVITE_HOURS} hours.`);
    },
  );

  app.post(
    '/api/ops/staff/:staffId/role',
    {
      config: manage,
      schema: {
        summary: "Change a member's role",
        operationId: 'changeStaffRole',
        params: StaffIdParams,
        body: ChangeRoleRequest,
        response: { 200: StatusOnlyResponse },
      },
    },
    async (req) => {
      await requireStepUp(db, req, req.body.code);
      await changeRole(db, req, req.params.staffId, req.body.role);
      return ok(null, 'Role changed.');
    },
  );

  app.post(
    '/api/ops/staff/:staffId/disabled',
    {
      config: manage,
      schema: {
        summary: 'Disable a member (their sessions end at once) or enable them again',
        operationId: 'setStaffDisabled',
        params: StaffIdParams,
        body: SetDisabledRequest,
        response: { 200: StatusOnlyResponse },
      },
    },
    async (req) => {
      await requireStepUp(db, req, req.body.code);
      await setDisabled(db, req, req.params.staffId, req.body.disabled);
      return ok(null, req.body.disabled ? 'Account disabled: its sessions have ended.' : 'Account enabled.');
    },
  );

  app.post(
    '/api/ops/staff/:staffId/second-factor/reset',
    {
      config: manage,
      schema: {
        summary: "Reset a member's authenticator: their sessions end and they enrol again through an emailed link",
        operationId: 'resetStaffSecondFactor',
        params: StaffIdParams,
        body: StepUpRequest,
        response: { 200: StatusOnlyResponse },
      },
    },
    async (req) => {
      const actor = await requireStepUp(db, req, req.body.code);
      await resetSecondFactor(db, config, req, actor, req.params.staffId);
      signalOutbox();
      return ok(null, 'Authenticator reset: an enrolment link is on its way to the member.');
    },
  );

  app.post(
    '/api/ops/staff/:staffId/sessions/end',
    {
      config: manage,
      schema: {
        summary: "End every session of a member's",
        operationId: 'endStaffSessions',
        params: StaffIdParams,
        body: StepUpRequest,
        response: { 200: StatusOnlyResponse },
      },
    },
    async (req) => {
      await requireStepUp(db, req, req.body.code);
      const ended = await endSessions(db, req, req.params.staffId);
      return ok(null, `${ended} session${ended === 1 ? '' : 's'} ended.`);
    },
  );

  app.post(
    '/api/ops/staff/password',
    {
      config: { access: 'staff' },
      schema: {
        summary: 'Change your own staff password (current password and a fresh code)',
        operationId: 'changeOwnStaffPassword',
        body: ChangeOwnPasswordRequest,
        response: { 200: StatusOnlyResponse },
      },
    },
    async (req) => {
      await changeOwnPassword(db, req, req.body);
      return ok(null, 'Password changed. Your other sessions have ended.');
    },
  );

  app.post(
    '/api/ops/staff-links/open',
    {
      config: { access: 'public' },
      schema: {
        summary: 'What a one-time staff link is for, and the authenticator secret to enrol',
        operationId: 'openStaffLink',
        body: LinkBody,
        response: { 200: StaffLinkResponse },
      },
    },
    async (req) => ok(await readLink(db, req.body.token)),
  );

  app.post(
    '/api/ops/staff-links/accept',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Use a one-time staff link: set the password (an invitation) and prove the authenticator with a code',
        operationId: 'acceptStaffLink',
        body: LinkBody.extend(AcceptLinkRequest.shape),
        response: { 200: AcceptLinkResponse },
      },
    },
    async (req) => ok(await acceptLink(db, req, req.body.token, req.body), 'Your account is ready: sign in with your password and a code.'),
  );

  app.get(
    '/api/ops/audit/csv',
    {
      config: { opsPermission: 'audit:read' },
      schema: { summary: 'Export the audit trail, filtered, as CSV', operationId: 'exportAuditCsv', querystring: AuditFilters },
    },
    async (req, reply) => {
      const csv = await auditCsv(db, req.query);
      await recordAudit(db, req, { action: 'export GET /api/ops/audit/csv', target: JSON.stringify(req.query) });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="kasrat-audit-${new Date().toISOString().slice(0, 10)}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
}
