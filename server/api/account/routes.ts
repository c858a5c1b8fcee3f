import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import { sql } from 'kysely';
import {
  ADDRESS_MESSAGES,
  AddressDeleteQuery,
  AddressInput,
  type CartAddress,
  ConfirmOwnerRequest,
  ConfirmOwnerResponse,
  DeleteProfileRequest,
  EmptyRequest,
  GenerateEmailOtpRequest,
  GenerateMobileOtpRequest,
  MAX_ADDRESSES,
  PincodeQuery,
  PostProfileRequest,
  UpdateEmailRequest,
  UpdateMobileRequest,
  UpdatePasswordRequest,
  VerifyEmailRequest,
  PincodeResponse,
  SentResponse,
  ServiceabilityQuery,
  ServiceabilityResponse,
  CartAddressListResponse,
  AddressListResponse,
  ProfileResponse,
  DeletionStatusResponse,
  OtpSentResponse,
  AddressSaveResponse,
} from '../../../schemas/account.ts';
import { MESSAGES } from '../../../schemas/validation.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { BadRequest, Conflict, NotFound } from '../../http/errors.ts';
import { clearLimit, enforceLimit } from '../../http/rate-limit.ts';
import {
  type CustomerRow,
  checkNewPassword,
  checkPassword,
  findCustomerById,
  findCustomerByIdentifier,
  hashPassword,
  isUniqueViolation,
  readPassword,
} from '../../modules/auth/index.ts';
import { updateCustomer } from '../../modules/customers/index.ts';
import { recordConsent, sourceOf } from '../../modules/consent/index.ts';
import { deleteCustomerSessions, endAllSessions, endSession, formatLastOrder, requireCustomer } from '../../modules/session/index.ts';
import {
  markSessionOpenedByChange,
  maskedContact,
  OWNER_MESSAGES,
  OWNER_PROOF_MS,
  recordAccountChange,
  recordOwnerProof,
  requireOwnerProof,
} from '../../modules/account/owner.ts';
import { findPincode, listedService, placeOf, serviceabilityOf, unlistedService } from '../../modules/account/pincodes.ts';
import { ADDRESS_COLUMNS, listAddresses, toAddress } from '../../modules/account/queries.ts';
import { ACCOUNT_MESSAGES, type AccountDeps, contactOf, profileValues, verifiedContactOf } from '../../modules/account/service.ts';

// /api/myAccount and /api/myAddress (SPEC §7). Every query is scoped to the signed-in customer: another
// customer's address is simply "not found".

const ADDRESS_NOT_FOUND = 'Address not found';

export async function profileRoutes(root: FastifyInstance, { db, keys, otp, config }: AccountDeps) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  const graceMs = config.ACCOUNT_DELETION_GRACE_DAYS * 86_400_000;
  const reload = async (id: number) => profileValues((await findCustomerById(db, id))!);
  /** A code to the customer's own contact detail, for a change they must confirm. */
  const sendOwnOtp = async (req: FastifyRequest, customer: CustomerRow, purpose: 'password_change' | 'account_delete') => {
    const sent = await otp.send({ purpose, identifier: contactOf(customer), cCode: customer.c_code, customerId: customer.id, ip: req.ip });
    return ok(sent, `OTP sent to ${sent.sent_to}`);
  };
  /**
   * Stores a changed, proven email or mobile; one another account holds is a 409 with `taken`. A changed way in:
   * every session ends, this one continues in a fresh one.
   */
  const saveContact = async (
    req: FastifyRequest,
    reply: FastifyReply,
    before: CustomerRow,
    values: { email: string; email_verified: true } | { mobile: string; c_code: string; mobile_verified: true },
    taken: string,
  ) => {
    try {
      await updateCustomer(db, before.id, values);
    } catch (error) {
      if (isUniqueViolation(error)) throw new Conflict(taken);
      throw error;
    }
    const kind = 'email' in values ? 'email' : 'mobile';
    const detail =
      'email' in values
        ? `${maskedContact(before.email)} → ${maskedContact(values.email)}`
        : `${maskedContact(before.mobile)} → ${maskedContact(values.mobile)}`;
    await recordAccountChange(db, req, { before, kind, detail, proof: 'owner proof and a code to the new contact', origin: originOf(req) });
    await endAllSessions(db, req, reply, before.id);
    await markSessionOpenedByChange(db, req);
  };
  const originOf = (req: FastifyRequest) => config.PUBLIC_ORIGIN || `${req.protocol}://${req.host}`;

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
      await updateCustomer(db, customer.id, { password_hash: await hashPassword(password) });
      // Other devices signed in with the old password are signed out; this one stays.
      const session = await req.getSession();
      await deleteCustomerSessions(db, customer.id, session!.id);
      await recordAccountChange(db, req, {
        before: customer,
        kind: 'password',
        detail: customer.password_hash ? 'a new password' : 'a first password',
        proof: 'a code to the account contact',
        origin: originOf(req),
      });
      return ok(await reload(customer.id), ACCOUNT_MESSAGES.passwordUpdated);
    },
  );

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
      await db.transaction().execute(async (trx) => {
        await updateCustomer(trx, customer.id, { deletion_requested_at: now, updated_at: now });
        await trx
          .insertInto('account_deletions')
          .values({ customer_id: customer.id, reason: body.reason ?? null, cancelled_at: null, completed_at: null })
          .execute();
        // Every device is signed out; signing in again within the grace period offers the cancel page.
        await deleteCustomerSessions(trx, customer.id);
      });
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
      await db.transaction().execute(async (trx) => {
        await updateCustomer(trx, customer.id, { deletion_requested_at: null });
        await trx
          .updateTable('account_deletions')
          .set({ cancelled_at: new Date() })
          .where('customer_id', '=', customer.id)
          .where('cancelled_at', 'is', null)
          .where('completed_at', 'is', null)
          .execute();
      });
      return ok(deletionStatus({ ...customer, deletion_requested_at: null }), ACCOUNT_MESSAGES.deletionCancelled);
    },
  );
}

export async function addressRoutes(root: FastifyInstance, { db }: { db: Db }) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  app.get(
    '/api/myAddress/user-address-list',
    {
      config: { access: 'customer' },
      schema: { summary: "The customer's addresses", operationId: 'listAddresses', response: { 200: AddressListResponse } },
    },
    async (req) => {
      const customer = await requireCustomer(db, req);
      return ok((await listAddresses(db, customer.id)).map(toAddress));
    },
  );

  // For the cart and checkout: each address says whether it can be delivered to, and with cash on delivery.
  app.get(
    '/api/myAddress/cart-address-list',
    {
      config: { access: 'customer' },
      schema: {
        summary: "The customer's addresses with whether each is deliverable",
        operationId: 'listCartAddresses',
        response: { 200: CartAddressListResponse },
      },
    },
    async (req) => {
      const customer = await requireCustomer(db, req);
      const rows = await listAddresses(db, customer.id);
      const pins = rows.length
        ? await db
            .selectFrom('pincodes')
            .select(['pincode', 'serviceable', 'cod_available', 'min_days', 'max_days'])
            .where('pincode', 'in', [...new Set(rows.map((r) => r.pincode))])
            .execute()
        : [];
      const byPin = new Map(pins.map((p) => [p.pincode, p]));
      // A pincode the directory does not list is served by the state the address was accepted with (docs/pincodes.md).
      const data: CartAddress[] = rows.map((r) => {
        const pin = byPin.get(r.pincode);
        return { ...toAddress(r), ...(pin ? listedService(pin) : unlistedService(r.state)) };
      });
      return ok(data);
    },
  );

  app.post(
    '/api/myAddress/user-address-add-update',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Add or change an address',
        operationId: 'saveAddress',
        response: { 200: AddressSaveResponse },
        body: AddressInput,
      },
    },
    async (req) => {
      const customer = await requireCustomer(db, req);
      const body = req.body;
      const place = await placeOf(db, body);
      const values = {
        full_name: body.full_name,
        mobile: body.mobile,
        c_code: body.c_code,
        email: body.email || null,
        pincode: body.pincode,
        address: body.address,
        landmark: body.landmark || null,
        city: place.city,
        state: place.state,
        address_type: body.address_type,
        updated_at: new Date(),
      };
      const saved = await db.transaction().execute(async (trx) => {
        // Serialises one customer's address writes, so the limit and the single default hold under concurrency.
        await trx.selectFrom('customers').select('id').where('id', '=', customer.id).forUpdate().execute();
        let id: number;
        if (body.address_id) {
          const updated = await trx
            .updateTable('addresses')
            .set(values)
            .where('id', '=', body.address_id)
            .where('customer_id', '=', customer.id)
            .returning('id')
            .executeTakeFirst();
          if (!updated) throw new NotFound(ADDRESS_NOT_FOUND);
          id = updated.id;
        } else {
          const { n } = await trx
            .selectFrom('addresses')
            .select(sql<number>`count(*)::int`.as('n'))
            .where('customer_id', '=', customer.id)
            .executeTakeFirstOrThrow();
          if (n >= MAX_ADDRESSES) throw new BadRequest(ADDRESS_MESSAGES.limit);
          const inserted = await trx
            .insertInto('addresses')
            .values({ ...values, customer_id: customer.id, is_default: false })
            .returning('id')
            .executeTakeFirstOrThrow();
          id = inserted.id;
        }
        const hasDefault = await trx
          .selectFrom('addresses')
          .select('id')
          .where('customer_id', '=', customer.id)
          .where('is_default', '=', true)
          .executeTakeFirst();
        // The first address is the default; asking for a default moves it.
        if (body.is_default || !hasDefault) {
          await trx
            .updateTable('addresses')
            .set({ is_default: false })
            .where('customer_id', '=', customer.id)
            .where('is_default', '=', true)
            .execute();
          await trx.updateTable('addresses').set({ is_default: true }).where('id', '=', id).execute();
        }
        return trx.selectFrom('addresses').select(ADDRESS_COLUMNS).where('id', '=', id).executeTakeFirstOrThrow();
      });
      return ok(toAddress(saved), body.address_id ? 'Address updated successfully' : 'Address added successfully');
    },
  );

  app.delete(
    '/api/myAddress/user-address-delete',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Delete an address',
        operationId: 'deleteAddress',
        response: { 200: AddressListResponse },
        querystring: AddressDeleteQuery,
      },
    },
    async (req) => {
      const customer = await requireCustomer(db, req);
      const { address_id } = req.query;
      await db.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('addresses')
          .where('id', '=', address_id)
          .where('customer_id', '=', customer.id)
          .returning('is_default')
          .executeTakeFirst();
        if (!removed) throw new NotFound(ADDRESS_NOT_FOUND);
        // The most recently used address inherits the default.
        if (removed.is_default) {
          const next = await trx
            .selectFrom('addresses')
            .select('id')
            .where('customer_id', '=', customer.id)
            .orderBy('updated_at', 'desc')
            .orderBy('id', 'desc')
            .executeTakeFirst();
          if (next) await trx.updateTable('addresses').set({ is_default: true }).where('id', '=', next.id).execute();
        }
      });
      return ok((await listAddresses(db, customer.id)).map(toAddress), 'Address deleted successfully');
    },
  );

  // Public: the address form looks a pincode up before the shopper is asked for city and state.
  app.get(
    '/api/myAddress/fetch-address-pincode',
    {
      schema: {
        summary: 'City and state of a pincode, and whether it is served',
        operationId: 'lookUpPincode',
        response: { 200: PincodeResponse },
        querystring: PincodeQuery,
      },
    },
    async (req) => {
      const { pincode, st } = req.query;
      const pin = await findPincode(db, pincode);
      if (!pin) throw new NotFound(ADDRESS_MESSAGES.pincodeUnknown);
      return ok({
        pincode: pin.pincode,
        city: pin.city,
        district: pin.district,
        state: pin.state,
        country: 'India',
        ...listedService(pin),
        state_matches: st ? st.toLowerCase() === pin.state.toLowerCase() : null,
      });
    },
  );

  // Public: the delivery estimate of the product page, the cart and the address step (docs/pincodes.md).
  app.get(
    '/api/myAddress/pincode-serviceability',
    {
      schema: {
        summary: 'Whether a pincode is delivered to, in how many days, and with pay on delivery',
        operationId: 'pincodeServiceability',
        response: { 200: ServiceabilityResponse },
        querystring: ServiceabilityQuery,
      },
    },
    async (req) => {
      const service = await serviceabilityOf(db, req.query.pincode);
      if (!service) throw new NotFound(ADDRESS_MESSAGES.pincodeUnknown);
      return ok(service);
    },
  );
}
