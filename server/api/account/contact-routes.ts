import type { FastifyInstance } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import {
  EmptyRequest,
  GenerateEmailOtpRequest,
  GenerateMobileOtpRequest,
  UpdateEmailRequest,
  UpdateMobileRequest,
  UpdatePasswordRequest,
  ProfileResponse,
  OtpSentResponse,
} from '../../../schemas/account.ts';
import { MESSAGES } from '../../../schemas/validation.ts';
import { ok } from '../../http/envelope.ts';
import { BadRequest, Conflict } from '../../http/errors.ts';
import { checkNewPassword, findCustomerByIdentifier, hashPassword, readPassword } from '../../modules/auth/index.ts';
import { updateCustomer } from '../../modules/customers/index.ts';
import { deleteCustomerSessions, requireCustomer } from '../../modules/session/index.ts';
import { recordAccountChange, requireOwnerProof, ACCOUNT_MESSAGES, type AccountDeps, contactOf } from '../../modules/account/index.ts';
import { accountKit } from './kit.ts';

// Changing the ways in (SPEC §7 /api/myAccount): mobile, email and password, each proven with a code.

/** Mobile, email and password changes. */
export async function contactRoutes(root: FastifyInstance, deps: AccountDeps) {
  const { db, keys, otp } = deps;
  const app = root.withTypeProvider<ZodRequestTypes>();
  const { reload, sendOwnOtp, saveContact, originOf } = accountKit(deps);
  // Mobile change: the OTP goes to the new number, which must be free (SPEC §5 wording).
  app.post(
    '/api/myAccount/generate-otp-for-mobile',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Send a code to a new mobile number',
        operationId: 'sendMobileOtp',
        response: { 200: OtpSentResponse },
        body: GenerateMobileOtpRequest,
      },
    },
    async (req) => {
      const customer = await requireCustomer(db, req);
      const { new_mobile, c_code } = req.body;
      await requireOwnerProof(db, req);
      if (new_mobile === customer.mobile && c_code === customer.c_code) throw new BadRequest(ACCOUNT_MESSAGES.sameMobile);
      if (await findCustomerByIdentifier(db, new_mobile, c_code)) throw new Conflict(MESSAGES.mobileTaken);
      const sent = await otp.send({ purpose: 'mobile_change', identifier: new_mobile, cCode: c_code, customerId: customer.id, ip: req.ip });
      return ok(sent, `OTP sent to ${sent.sent_to}`);
    },
  );

  app.post(
    '/api/myAccount/update-mobile',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Change the mobile number with its code',
        operationId: 'updateMobile',
        response: { 200: ProfileResponse },
        body: UpdateMobileRequest,
      },
    },
    async (req, reply) => {
      const customer = await requireCustomer(db, req);
      const { new_mobile, otp: code } = req.body;
      await requireOwnerProof(db, req);
      // The number stored is the one the code reached: its country code comes from the code, not this request.
      const proven = await otp.verify({ purpose: 'mobile_change', identifier: new_mobile, code, customerId: customer.id });
      await saveContact(req, reply, customer, { mobile: new_mobile, c_code: proven.cCode, mobile_verified: true }, MESSAGES.mobileTaken);
      return ok(await reload(customer.id), ACCOUNT_MESSAGES.mobileUpdated);
    },
  );

  app.post(
    '/api/myAccount/generate-otp-for-email',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Send a code to a new email address',
        operationId: 'sendEmailOtp',
        response: { 200: OtpSentResponse },
        body: GenerateEmailOtpRequest,
      },
    },
    async (req) => {
      const customer = await requireCustomer(db, req);
      const { new_email } = req.body;
      await requireOwnerProof(db, req);
      if (new_email === customer.email) throw new BadRequest(ACCOUNT_MESSAGES.sameEmail);
      if (await findCustomerByIdentifier(db, new_email)) throw new Conflict(MESSAGES.emailTaken);
      const sent = await otp.send({ purpose: 'email_change', identifier: new_email, customerId: customer.id, ip: req.ip });
      return ok(sent, `OTP sent to ${sent.sent_to}`);
    },
  );

  app.post(
    '/api/myAccount/update-email',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Change the email address with its code',
        operationId: 'updateEmail',
        response: { 200: ProfileResponse },
        body: UpdateEmailRequest,
      },
    },
    async (req, reply) => {
      const customer = await requireCustomer(db, req);
      const { new_email, otp: code } = req.body;
      await requireOwnerProof(db, req);
      await otp.verify({ purpose: 'email_change', identifier: new_email, code, customerId: customer.id });
      // The code reached the new address, so it is verified.
      await saveContact(req, reply, customer, { email: new_email, email_verified: true }, MESSAGES.emailTaken);
      return ok(await reload(customer.id), ACCOUNT_MESSAGES.emailUpdated);
    },
  );

  app.post(
    '/api/myAccount/generate-otp-for-password',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Send a code for a password change',
        operationId: 'sendPasswordOtp',
        response: { 200: OtpSentResponse },
        body: EmptyRequest,
      },
    },
    async (req) => {
      const customer = await requireCustomer(db, req);
      return sendOwnOtp(req, customer, 'password_change');
    },
  );

  app.post(
    '/api/myAccount/update-password',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Change the password with its code',
        operationId: 'updatePassword',
        response: { 200: ProfileResponse },
        body: UpdatePasswordRequest,
      },
    },
    async (req) => {
      const customer = await requireCustomer(db, req);
      const body = req.body;
      const password = checkNewPassword(await readPassword(keys, body.new_password, body.is_encrypted));
      await otp.verify({ purpose: 'password_change', identifier: contactOf(customer), code: body.otp, customerId: customer.id });
      const passwordHash = await hashPassword(password);
      await updateCustomer(db, customer.id, { password_hash: passwordHash });
      // Other devices signed in with the old password are signed out; this one stays.
      const session = await req.getSession();
      await deleteCustomerSessions(db, customer.id, session!.id);
      await recordAccountChange(db, req, {
        before: customer,
        kind: 'password',
        detail: customer.password_hash ? 'a new password' : 'a first password',
        proof: 'a code to the account contact',
        origin: originOf(req),
        after: passwordHash,
      });
      return ok(await reload(customer.id), ACCOUNT_MESSAGES.passwordUpdated);
    },
  );
}
