import type { FastifyInstance } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import { EmptyRequest, VerifyEmailRequest, SentResponse, ProfileResponse } from '../../../schemas/account.ts';
import { ok } from '../../http/envelope.ts';
import { BadRequest } from '../../http/errors.ts';
import { updateCustomer } from '../../modules/customers/index.ts';
import { requireCustomer } from '../../modules/session/index.ts';
import { ACCOUNT_MESSAGES, type AccountDeps, profileValues } from '../../modules/account/index.ts';
import { accountKit } from './kit.ts';

// Verifying the account's email by a link (SPEC §7 /api/myAccount).

/** The verification link: sent, followed, cancelled. */
export async function emailVerificationRoutes(root: FastifyInstance, deps: AccountDeps) {
  const { db, otp, config } = deps;
  const app = root.withTypeProvider<ZodRequestTypes>();
  const { reload } = accountKit(deps);
  // Email verification: a link to /email-verified?token=… (a private page, so the token meets its account).
  app.post(
    '/api/myAccount/email-verification',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Send an email verification code',
        operationId: 'sendEmailVerification',
        response: { 200: SentResponse },
        body: EmptyRequest,
      },
    },
    async (req) => {
      const customer = await requireCustomer(db, req);
      if (!customer.email) throw new BadRequest(ACCOUNT_MESSAGES.noEmail);
      if (customer.email_verified) throw new BadRequest(ACCOUNT_MESSAGES.emailAlreadyVerified);
      const origin = config.PUBLIC_ORIGIN || `${req.protocol}://${req.host}`;
      await otp.sendLink({
        purpose: 'email_verification',
        identifier: customer.email,
        customerId: customer.id,
        ip: req.ip,
        ttlMs: 24 * 3_600_000,
        link: (token) => `${origin}/email-verified?token=${token}`,
      });
      return ok({ sent_to: customer.email }, ACCOUNT_MESSAGES.emailVerificationSent);
    },
  );

  app.post(
    '/api/myAccount/verify-email-verification',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Verify the email address with its code',
        operationId: 'verifyEmail',
        response: { 200: ProfileResponse },
        body: VerifyEmailRequest,
      },
    },
    async (req) => {
      const customer = await requireCustomer(db, req);
      const body = req.body;
      if (!customer.email) throw new BadRequest(ACCOUNT_MESSAGES.noEmail);
      if (customer.email_verified) return ok(profileValues(customer), ACCOUNT_MESSAGES.emailAlreadyVerified);
      await otp.verify({ purpose: 'email_verification', identifier: customer.email, code: body.token, customerId: customer.id });
      await updateCustomer(db, customer.id, { email_verified: true });
      return ok(await reload(customer.id), ACCOUNT_MESSAGES.emailVerified);
    },
  );

  app.post(
    '/api/myAccount/cancel-email-verification',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Cancel a pending email verification',
        operationId: 'cancelEmailVerification',
        response: { 200: ProfileResponse },
        body: EmptyRequest,
      },
    },
    async (req) => {
      const customer = await requireCustomer(db, req);
      if (customer.email) await otp.cancel({ purpose: 'email_verification', identifier: customer.email, customerId: customer.id });
      return ok(profileValues(customer), ACCOUNT_MESSAGES.emailVerificationCancelled);
    },
  );
}
