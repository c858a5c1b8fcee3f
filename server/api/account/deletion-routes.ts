import type { FastifyInstance } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import { DeleteProfileRequest, EmptyRequest, DeletionStatusResponse, OtpSentResponse } from '../../../schemas/account.ts';
import { ok } from '../../http/envelope.ts';
import { BadRequest, Conflict } from '../../http/errors.ts';
import type { CustomerRow } from '../../modules/auth/index.ts';
import { endSession, formatLastOrder, requireCustomer } from '../../modules/session/index.ts';
import { cancelDeletion, scheduleDeletion, ACCOUNT_MESSAGES, type AccountDeps, contactOf } from '../../modules/account/index.ts';
import { accountKit } from './kit.ts';

// Account deletion (SPEC §2 /cancel-delete-account, §7 /api/myAccount).

/** Deletion: its status, its code, scheduling and cancelling it. */
export async function deletionRoutes(root: FastifyInstance, deps: AccountDeps) {
  const { db, otp, config } = deps;
  const app = root.withTypeProvider<ZodRequestTypes>();
  const { graceMs, sendOwnOtp } = accountKit(deps);
  // Account deletion (SPEC §2 /cancel-delete-account): scheduled after a grace period, cancellable until then.
  const deletionStatus = (c: CustomerRow) => {
    const requested = c.deletion_requested_at ? new Date(c.deletion_requested_at) : null;
    return {
      can_delete: !requested,
      deletion_requested: Boolean(requested),
      deletion_requested_at: requested ? requested.toISOString() : null,
      // SPEC §9: deletion timestamps are shown in India time (shifted by 5.5 hours).
      deletion_scheduled_for: requested ? formatLastOrder(new Date(requested.getTime() + graceMs)) : null,
      grace_days: config.ACCOUNT_DELETION_GRACE_DAYS,
    };
  };

  app.get(
    '/api/myAccount/customer-status-for-deletion',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Whether the account can be deleted, and what stops it',
        operationId: 'getDeletionStatus',
        response: { 200: DeletionStatusResponse },
      },
    },
    async (req) => ok(deletionStatus(await requireCustomer(db, req))),
  );

  app.post(
    '/api/myAccount/proceed-to-delete-otp',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Send a code to confirm account deletion',
        operationId: 'sendDeletionOtp',
        response: { 200: OtpSentResponse },
        body: EmptyRequest,
      },
    },
    async (req) => {
      const customer = await requireCustomer(db, req);
      if (customer.deletion_requested_at) throw new Conflict(ACCOUNT_MESSAGES.alreadyScheduled);
      return sendOwnOtp(req, customer, 'account_delete');
    },
  );

  app.post(
    '/api/myAccount/delete-profile',
    {
      config: { access: 'customer' },
      schema: {
        summary: "Schedule the account's deletion with its code",
        operationId: 'deleteAccount',
        response: { 200: DeletionStatusResponse },
        body: DeleteProfileRequest,
      },
    },
    async (req, reply) => {
      const customer = await requireCustomer(db, req);
      const body = req.body;
      if (customer.deletion_requested_at) throw new Conflict(ACCOUNT_MESSAGES.alreadyScheduled);
      await otp.verify({ purpose: 'account_delete', identifier: contactOf(customer), code: body.otp, customerId: customer.id });
      const now = new Date();
      await scheduleDeletion(db, customer.id, body.reason ?? null, now);
      await endSession(db, req, reply);
      const status = deletionStatus({ ...customer, deletion_requested_at: now });
      return ok(status, `Your account will be deleted on ${status.deletion_scheduled_for}. Sign in before then to cancel.`);
    },
  );

  app.post(
    '/api/myAccount/cancel-delete-profile',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Cancel a scheduled account deletion',
        operationId: 'cancelAccountDeletion',
        response: { 200: DeletionStatusResponse },
        body: EmptyRequest,
      },
    },
    async (req) => {
      const customer = await requireCustomer(db, req);
      if (!customer.deletion_requested_at) throw new BadRequest(ACCOUNT_MESSAGES.nothingToCancel);
      await cancelDeletion(db, customer.id);
      return ok(deletionStatus({ ...customer, deletion_requested_at: null }), ACCOUNT_MESSAGES.deletionCancelled);
    },
  );
}
