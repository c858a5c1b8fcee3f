import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DeleteProfileRequest,
  EmptyRequest,
  GenerateEmailOtpRequest,
  GenerateMobileOtpRequest,
  PostProfileRequest,
  type ProfileValues,
  UpdateEmailRequest,
  UpdateMobileRequest,
  UpdatePasswordRequest,
  VerifyEmailRequest,
} from '../../../schemas/account.ts';
import { MESSAGES } from '../../../schemas/validation.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { BadRequest, Conflict, Unauthorized } from '../../http/errors.ts';
import { parse } from '../../http/validate.ts';
import {
  type AuthConfig,
  type CustomerRow,
  checkNewPassword,
  findCustomerById,
  findCustomerByIdentifier,
  hashPassword,
  isUniqueViolation,
  type KeyRing,
  type OtpService,
  readPassword,
} from '../auth/index.ts';
import { formatLastOrder } from '../session/routes.ts';
import { endSession } from '../session/session.ts';

export const ACCOUNT_MESSAGES = {
  sameMobile: 'This is already your mobile number.',
  sameEmail: 'This is already your email.',
  noContact: 'Please add a mobile number or email to your account first.',
  noEmail: 'Please add an email to your account first.',
  emailAlreadyVerified: 'Your email is already verified.',
  alreadyScheduled: 'Your account is already scheduled for deletion.',
  nothingToCancel: 'There is no deletion request to cancel.',
  profileSaved: 'Profile updated successfully',
  mobileUpdated: 'Mobile number updated successfully',
  emailUpdated: 'Email updated successfully',
  passwordUpdated: 'Password updated successfully',
  emailVerified: 'Your email has been verified',
  emailVerificationSent: 'We have sent a verification link to your email',
  emailVerificationCancelled: 'Email verification cancelled',
  deletionCancelled: 'Your account deletion request has been cancelled',
} as const;

export interface AccountDeps {
  db: Db;
  keys: KeyRing;
  otp: OtpService;
  config: AuthConfig;
}

/** The signed-in customer, or a 401 (SPEC §6: private calls need a session). */
export async function requireCustomer(db: Db, req: FastifyRequest): Promise<CustomerRow> {
  const session = await req.getSession();
  const customer = session?.customerId ? await findCustomerById(db, session.customerId) : undefined;
  if (!customer || customer.is_blocked) throw new Unauthorized();
  return customer;
}

export function profileValues(c: CustomerRow): ProfileValues {
  return {
    first_name: c.first_name,
    last_name: c.last_name,
    full_name: `${c.first_name} ${c.last_name}`.trim(),
    email: c.email,
    mobile: c.mobile,
    c_code: c.c_code,
    email_verified: c.email_verified,
    opt_in: c.opt_in,
    has_password: Boolean(c.password_hash),
    deletion_requested_at: c.deletion_requested_at ? new Date(c.deletion_requested_at).toISOString() : null,
  };
}

/** Where codes for the account itself go: the mobile on file, else the email. */
const contactOf = (c: CustomerRow): string => {
  const to = c.mobile ?? c.email;
  if (!to) throw new BadRequest(ACCOUNT_MESSAGES.noContact);
  return to;
};

export async function profileRoutes(app: FastifyInstance, { db, keys, otp, config }: AccountDeps) {
  const graceMs = config.ACCOUNT_DELETION_GRACE_DAYS * 86_400_000;
  const reload = async (id: number) => profileValues((await findCustomerById(db, id))!);

  app.get('/api/myAccount/get-profile-values', async (req) => ok(profileValues(await requireCustomer(db, req))));

  app.post('/api/myAccount/post-profile-values', async (req) => {
    const customer = await requireCustomer(db, req);
    const body = parse(PostProfileRequest, req.body);
    await db
      .updateTable('customers')
      .set({
        first_name: body.first_name,
        last_name: '',
        ...(body.opt_in === undefined ? {} : { opt_in: body.opt_in }),
        updated_at: new Date(),
      })
      .where('id', '=', customer.id)
      .execute();
    return ok(await reload(customer.id), ACCOUNT_MESSAGES.profileSaved);
  });

  // Mobile change: the OTP goes to the new number, which must be free (SPEC §5 wording).
  app.post('/api/myAccount/generate-otp-for-mobile', async (req) => {
    const customer = await requireCustomer(db, req);
    const { new_mobile, c_code } = parse(GenerateMobileOtpRequest, req.body);
    if (new_mobile === customer.mobile) throw new BadRequest(ACCOUNT_MESSAGES.sameMobile);
    if (await findCustomerByIdentifier(db, new_mobile)) throw new Conflict(MESSAGES.mobileTaken);
    const sent = await otp.send({ purpose: 'mobile_change', identifier: new_mobile, cCode: c_code, customerId: customer.id, ip: req.ip });
    return ok(sent, `OTP sent to ${sent.sent_to}`);
  });

  app.post('/api/myAccount/update-mobile', async (req) => {
    const customer = await requireCustomer(db, req);
    const { new_mobile, c_code, otp: code } = parse(UpdateMobileRequest, req.body);
    await otp.verify({ purpose: 'mobile_change', identifier: new_mobile, code, customerId: customer.id });
    try {
      await db.updateTable('customers').set({ mobile: new_mobile, c_code, updated_at: new Date() }).where('id', '=', customer.id).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new Conflict(MESSAGES.mobileTaken);
      throw error;
    }
    return ok(await reload(customer.id), ACCOUNT_MESSAGES.mobileUpdated);
  });

  app.post('/api/myAccount/generate-otp-for-email', async (req) => {
    const customer = await requireCustomer(db, req);
    const { new_email } = parse(GenerateEmailOtpRequest, req.body);
    if (new_email === customer.email) throw new BadRequest(ACCOUNT_MESSAGES.sameEmail);
    if (await findCustomerByIdentifier(db, new_email)) throw new Conflict(MESSAGES.emailTaken);
    const sent = await otp.send({ purpose: 'email_change', identifier: new_email, customerId: customer.id, ip: req.ip });
    return ok(sent, `OTP sent to ${sent.sent_to}`);
  });

  app.post('/api/myAccount/update-email', async (req) => {
    const customer = await requireCustomer(db, req);
    const { new_email, otp: code } = parse(UpdateEmailRequest, req.body);
    await otp.verify({ purpose: 'email_change', identifier: new_email, code, customerId: customer.id });
    try {
      // The code reached the new address, so it is verified.
      await db
        .updateTable('customers')
        .set({ email: new_email, email_verified: true, updated_at: new Date() })
        .where('id', '=', customer.id)
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new Conflict(MESSAGES.emailTaken);
      throw error;
    }
    return ok(await reload(customer.id), ACCOUNT_MESSAGES.emailUpdated);
  });

  app.post('/api/myAccount/generate-otp-for-password', async (req) => {
    const customer = await requireCustomer(db, req);
    parse(EmptyRequest, req.body ?? {});
    const sent = await otp.send({
      purpose: 'password_change',
      identifier: contactOf(customer),
      cCode: customer.c_code,
      customerId: customer.id,
      ip: req.ip,
    });
    return ok(sent, `OTP sent to ${sent.sent_to}`);
  });

  app.post('/api/myAccount/update-password', async (req) => {
    const customer = await requireCustomer(db, req);
    const body = parse(UpdatePasswordRequest, req.body);
    const password = checkNewPassword(await readPassword(keys, body.new_password, body.is_encrypted));
    await otp.verify({ purpose: 'password_change', identifier: contactOf(customer), code: body.otp, customerId: customer.id });
    await db
      .updateTable('customers')
      .set({ password_hash: await hashPassword(password), updated_at: new Date() })
      .where('id', '=', customer.id)
      .execute();
    // Other devices signed in with the old password are signed out; this one stays.
    const session = await req.getSession();
    await db.deleteFrom('sessions').where('customer_id', '=', customer.id).where('id', '!=', session!.id).execute();
    return ok(await reload(customer.id), ACCOUNT_MESSAGES.passwordUpdated);
  });

  // Email verification: a link to /email-verified?token=… (a private page, so the token meets its account).
  app.post('/api/myAccount/email-verification', async (req) => {
    const customer = await requireCustomer(db, req);
    parse(EmptyRequest, req.body ?? {});
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
  });

  app.post('/api/myAccount/verify-email-verification', async (req) => {
    const customer = await requireCustomer(db, req);
    const body = parse(VerifyEmailRequest, req.body);
    if (!customer.email) throw new BadRequest(ACCOUNT_MESSAGES.noEmail);
    if (customer.email_verified) return ok(profileValues(customer), ACCOUNT_MESSAGES.emailAlreadyVerified);
    await otp.verify({ purpose: 'email_verification', identifier: customer.email, code: body.token, customerId: customer.id });
    await db.updateTable('customers').set({ email_verified: true, updated_at: new Date() }).where('id', '=', customer.id).execute();
    return ok(await reload(customer.id), ACCOUNT_MESSAGES.emailVerified);
  });

  app.post('/api/myAccount/cancel-email-verification', async (req) => {
    const customer = await requireCustomer(db, req);
    parse(EmptyRequest, req.body ?? {});
    if (customer.email) await otp.cancel({ purpose: 'email_verification', identifier: customer.email, customerId: customer.id });
    return ok(profileValues(customer), ACCOUNT_MESSAGES.emailVerificationCancelled);
  });

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

  app.get('/api/myAccount/customer-status-for-deletion', async (req) => ok(deletionStatus(await requireCustomer(db, req))));

  app.post('/api/myAccount/proceed-to-delete-otp', async (req) => {
    const customer = await requireCustomer(db, req);
    parse(EmptyRequest, req.body ?? {});
    if (customer.deletion_requested_at) throw new Conflict(ACCOUNT_MESSAGES.alreadyScheduled);
    const sent = await otp.send({
      purpose: 'account_delete',
      identifier: contactOf(customer),
      cCode: customer.c_code,
      customerId: customer.id,
      ip: req.ip,
    });
    return ok(sent, `OTP sent to ${sent.sent_to}`);
  });

  app.post('/api/myAccount/delete-profile', async (req, reply) => {
    const customer = await requireCustomer(db, req);
    const body = parse(DeleteProfileRequest, req.body);
    if (customer.deletion_requested_at) throw new Conflict(ACCOUNT_MESSAGES.alreadyScheduled);
    await otp.verify({ purpose: 'account_delete', identifier: contactOf(customer), code: body.otp, customerId: customer.id });
    const now = new Date();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('customers').set({ deletion_requested_at: now, updated_at: now }).where('id', '=', customer.id).execute();
      await trx
        .insertInto('account_deletions')
        .values({ customer_id: customer.id, reason: body.reason ?? null, cancelled_at: null, completed_at: null })
        .execute();
      // Every device is signed out; signing in again within the grace period offers the cancel page.
      await trx.deleteFrom('sessions').where('customer_id', '=', customer.id).execute();
    });
    await endSession(db, req, reply);
    const status = deletionStatus({ ...customer, deletion_requested_at: now });
    return ok(status, `Your account will be deleted on ${status.deletion_scheduled_for}. Sign in before then to cancel.`);
  });

  app.post('/api/myAccount/cancel-delete-profile', async (req) => {
    const customer = await requireCustomer(db, req);
    parse(EmptyRequest, req.body ?? {});
    if (!customer.deletion_requested_at) throw new BadRequest(ACCOUNT_MESSAGES.nothingToCancel);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('customers')
        .set({ deletion_requested_at: null, updated_at: new Date() })
        .where('id', '=', customer.id)
        .execute();
      await trx
        .updateTable('account_deletions')
        .set({ cancelled_at: new Date() })
        .where('customer_id', '=', customer.id)
        .where('cancelled_at', 'is', null)
        .where('completed_at', 'is', null)
        .execute();
    });
    return ok(deletionStatus({ ...customer, deletion_requested_at: null }), ACCOUNT_MESSAGES.deletionCancelled);
  });
}

/**
 * Accounts past their grace period are anonymised: contact details, password and Google link removed,
 * addresses and sessions deleted, the row kept (orders refer to it) and blocked. Idempotent, so any instance
 * may run it.
 */
export async function purgeDueDeletions(db: Db, graceDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - graceDays * 86_400_000);
  return db.transaction().execute(async (trx) => {
    // The condition is checked in the UPDATE itself: a cancellation committed meanwhile is re-read by PostgreSQL
    // (the row is locked and re-evaluated), so a cancelled account is never anonymised.
    const purged = await trx
      .updateTable('customers')
      .set({
        first_name: 'Deleted',
        last_name: 'Customer',
        deletion_requested_at: null,
        email: null,
        mobile: null,
        password_hash: null,
        google_sub: null,
        is_blocked: true,
        opt_in: false,
        referrer: null,
        updated_at: now,
      })
      .where('deletion_requested_at', '<=', cutoff)
      .returning('id')
      .execute();
    const ids = purged.map((r) => r.id);
    if (ids.length === 0) return 0;
    await trx.deleteFrom('addresses').where('customer_id', 'in', ids).execute();
    await trx.deleteFrom('sessions').where('customer_id', 'in', ids).execute();
    await trx
      .updateTable('account_deletions')
      .set({ completed_at: now })
      .where('customer_id', 'in', ids)
      .where('completed_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .execute();
    return ids.length;
  });
}
