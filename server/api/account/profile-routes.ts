import type { FastifyInstance } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import {
  ConfirmOwnerRequest,
  ConfirmOwnerResponse,
  EmptyRequest,
  PostProfileRequest,
  ProfileResponse,
  OtpSentResponse,
} from '../../../schemas/account.ts';
import { MESSAGES } from '../../../schemas/validation.ts';
import { ok } from '../../http/envelope.ts';
import { BadRequest } from '../../http/errors.ts';
import { clearLimit, enforceLimit } from '../../http/rate-limit.ts';
import { checkPassword, readPassword } from '../../modules/auth/index.ts';
import { updateCustomer } from '../../modules/customers/index.ts';
import { recordConsent, sourceOf } from '../../modules/consent/index.ts';
import { requireCustomer } from '../../modules/session/index.ts';
import {
  OWNER_MESSAGES,
  OWNER_PROOF_MS,
  recordOwnerProof,
  ACCOUNT_MESSAGES,
  type AccountDeps,
  profileValues,
  verifiedContactOf,
} from '../../modules/account/index.ts';
import { accountKit } from './kit.ts';

// The profile (SPEC §7 /api/myAccount): proof from the owner, and the profile's values.

/** Proof from the owner, then the profile values it unlocks. */
export async function profileRoutes(root: FastifyInstance, deps: AccountDeps) {
  const { db, keys, otp, config } = deps;
  const app = root.withTypeProvider<ZodRequestTypes>();
  const { reload } = accountKit(deps);
  // Proof from the owner (owner.ts): a code to the account's verified contact, or the password.
  app.post(
    '/api/myAccount/generate-otp-for-owner',
    {
      config: { access: 'customer' },
      schema: {
        summary: "Send a code proving the customer owns the account's contact",
        operationId: 'sendOwnerOtp',
        response: { 200: OtpSentResponse },
        body: EmptyRequest,
      },
    },
    async (req) => {
      const customer = await requireCustomer(db, req);
      const to = verifiedContactOf(customer);
      if (!to) throw new BadRequest(OWNER_MESSAGES.noProofPossible);
      const sent = await otp.send({ purpose: 'owner_proof', identifier: to, cCode: customer.c_code, customerId: customer.id, ip: req.ip });
      return ok(sent, `OTP sent to ${sent.sent_to}`);
    },
  );

  app.post(
    '/api/myAccount/confirm-owner',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Confirm account ownership with the code',
        operationId: 'confirmOwner',
        response: { 200: ConfirmOwnerResponse },
        body: ConfirmOwnerRequest,
      },
    },
    async (req) => {
      const customer = await requireCustomer(db, req);
      const body = req.body;
      if (body.otp) {
        const to = verifiedContactOf(customer);
        if (!to) throw new BadRequest(OWNER_MESSAGES.noProofPossible);
        await otp.verify({ purpose: 'owner_proof', identifier: to, code: body.otp, customerId: customer.id });
      } else {
        // A session alone must not become a password oracle: the same per-account budget as sign-in.
        const key = `owner:account:${customer.id}`;
        await enforceLimit(db, key, config.LOGIN_FAILURE_LIMIT, config.LOGIN_FAILURE_WINDOW_S, MESSAGES.maxAttempts);
        const password = await readPassword(keys, body.password ?? '', body.is_encrypted);
        if (!(await checkPassword(customer.password_hash, password))) throw new BadRequest(MESSAGES.wrongPassword);
        await clearLimit(db, key);
      }
      await recordOwnerProof(db, req, customer.id);
      return ok({ confirmed_until: new Date(Date.now() + OWNER_PROOF_MS).toISOString() }, OWNER_MESSAGES.ownerConfirmed);
    },
  );

  app.get(
    '/api/myAccount/get-profile-values',
    {
      config: { access: 'customer' },
      schema: { summary: "The customer's profile", operationId: 'getProfile', response: { 200: ProfileResponse } },
    },
    async (req) => ok(profileValues(await requireCustomer(db, req))),
  );

  app.post(
    '/api/myAccount/post-profile-values',
    {
      config: { access: 'customer' },
      schema: {
        summary: "Change the customer's name and details",
        operationId: 'updateProfile',
        response: { 200: ProfileResponse },
        body: PostProfileRequest,
      },
    },
    async (req) => {
      const customer = await requireCustomer(db, req);
      const body = req.body;
      await updateCustomer(db, customer.id, { first_name: body.first_name, last_name: '' });
      // SPEC §4.8: a changed box is a consent given or withdrawn on the profile, recorded (and opt_in set) as such.
      if (body.opt_in !== undefined && body.opt_in !== customer.opt_in)
        await recordConsent(
          db,
          customer.id,
          { purpose: 'marketing', granted: body.opt_in, text_version: body.opt_in_text_version, method: 'profile' },
          sourceOf(req),
        );
      return ok(await reload(customer.id), ACCOUNT_MESSAGES.profileSaved);
    },
  );
}
