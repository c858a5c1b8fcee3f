import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import {
  ExistsRequest,
  GoogleLoginRequest,
  LoginRequest,
  OtpLoginRequest,
  OtpRequest,
  OtpVerifyRequest,
  PasswordResetRequest,
  RegisterRequest,
  ValidateRequest,
  OtpSentResponse,
  AuthResponse,
  GoogleConfigResponse,
  PublicKeyResponse,
} from '../../../schemas/account.ts';
import { MESSAGES, stripSpaces } from '../../../schemas/validation.ts';
import type { Db } from '../../db/database.ts';
import { fail, ok } from '../../http/envelope.ts';
import { AppError, BadRequest, Conflict, Forbidden, TooManyRequests } from '../../http/errors.ts';
import {
  checkSourceDelay,
  clearLimit,
  clearLimitsStartingWith,
  clientKey,
  enforceLimit,
  hitLimit,
  recordSourceFailure,
} from '../../http/rate-limit.ts';
import {
  findCustomerById,
  findCustomerByIdentifier,
  insertCustomer,
  isUniqueViolation,
  isVerifiedDetail,
  updateCustomer,
} from '../../modules/customers/index.ts';
import { deleteCustomerSessions } from '../../modules/session/index.ts';
import type { AuthConfig } from '../../modules/auth/config.ts';
import { GoogleTokenError, type GoogleVerifier } from '../../modules/auth/google.ts';
import { consumeGrant, issueGrant, readGrant } from '../../modules/auth/grants.ts';
import type { KeyRing } from '../../modules/auth/keys.ts';
import { OTP_EXPIRED, type OtpService } from '../../modules/auth/otp.ts';
import { loadSessionUser } from '../../modules/auth/session-user.ts';
import { recordConsent, sourceOf } from '../../modules/consent/index.ts';
import {
  AUTH_MESSAGES,
  assertNotBlocked,
  authData,
  checkNewPassword,
  checkPassword,
  completeSignIn,
  strangerData,
  hashPassword,
  openSignedInSession,
  readPassword,
} from '../../modules/auth/service.ts';

export interface AuthDeps {
  db: Db;
  keys: KeyRing;
  otp: OtpService;
  google: GoogleVerifier;
  config: AuthConfig;
}

const takenMessage = (identifier: string) => (identifier.includes('@') ? MESSAGES.emailTaken : MESSAGES.mobileTaken);
const LOOKUP_WINDOW_S = 900;

/** Constant-time equality of two secrets of any length (compared through their SHA-256). */
export function sameSecret(a: string, b: string): boolean {
  if (!a || !b) return false;
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

/** The onboarding calls of SPEC §7 under /api/auth (docs/architecture.md "API conventions"). */
export async function authRoutes(root: FastifyInstance, deps: AuthDeps) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  const { db, keys, otp, google, config } = deps;

  async function existingCustomer(identifier: string, cCode: string) {
    const customer = await findCustomerByIdentifier(db, identifier, cCode);
    if (!customer) throw new BadRequest(AUTH_MESSAGES.noAccount, authData(null));
    assertNotBlocked(customer);
    return customer;
  }

  /** Codes that sign in or reset go only to a detail proven on the account (an unproven one may be someone else's). */
  async function verifiedCustomer(identifier: string, cCode: string) {
    const customer = await existingCustomer(identifier, cCode);
    if (!isVerifiedDetail(customer, identifier)) throw new BadRequest(AUTH_MESSAGES.unverifiedDetail, strangerData(customer));
    return customer;
  }

  /** The customer a PROFILE_UPDATE step works for: a pending sign-in grant, or a signed-in session. */
  async function profileCustomer(req: FastifyRequest) {
    const grant = await readGrant(db, req, 'pending_profile');
    const session = grant ? null : await req.getSession();
    const customerId = grant?.customerId ?? session?.customerId ?? null;
    const customer = customerId ? await findCustomerById(db, customerId) : undefined;
    if (!customer) throw new Forbidden(AUTH_MESSAGES.profileNotAllowed);
    assertNotBlocked(customer);
    return { customer, grant };
  }

  /**
   * Every call whose answer tells whether an account exists (exists, validate, the OTP sends and checks, the
   * password sign-in, registration) counts against one limit per client address, an IPv6 /64 as one
   * (README "Security"); a source that keeps failing also waits (rate-limit.ts).
   */
  const limitLookups = async (req: FastifyRequest) => {
    await checkSourceDelay(db, req.ip, AUTH_MESSAGES.tooManyAttempts);
    await enforceLimit(db, `lookup:ip:${clientKey(req.ip)}`, config.LOOKUP_LIMIT_PER_IP, LOOKUP_WINDOW_S, AUTH_MESSAGES.tooManyAttempts);
  };

  /**
   * The one check of a Google id_token, on every call that accepts one (sign-in and registration): signature,
   * issuer, audience and expiry (google.ts), the email the shopper typed, and the nonce this server issued to
   * this browser (its grant cookie), still unused. `spendNonce` spends the nonce; a second use is refused.
   */
  async function checkGoogleToken(req: FastifyRequest, idToken: string, email: string) {
    if (!google.enabled) throw new AppError(503, AUTH_MESSAGES.googleDisabled);
    const identity = await google.verify(idToken).catch((error) => {
      req.log.info({ reason: error instanceof GoogleTokenError ? error.message : 'error' }, 'google token refused');
      throw new BadRequest(AUTH_MESSAGES.googleFailed);
    });
    if (identity.email !== email) throw new BadRequest(AUTH_MESSAGES.googleMismatch);
    const nonceGrant = await readGrant(db, req, 'google_nonce');
    if (!nonceGrant || !sameSecret(identity.nonce, nonceGrant.tokenHash)) throw new BadRequest(AUTH_MESSAGES.googleNonce);
    const spendNonce = async (reply: FastifyReply) => {
      if (!(await consumeGrant(db, reply, 'google_nonce', nonceGrant.tokenHash))) throw new BadRequest(AUTH_MESSAGES.googleNonce);
    };
    return { identity, spendNonce };
  }

  app.get(
    '/api/auth/public-key',
    {
      schema: {
        response: { 200: PublicKeyResponse },
        summary: 'The key the browser encrypts passwords with',
        operationId: 'getAuthPublicKey',
      },
    },
    async () => ok({ algorithm: 'RSA-OAEP-256' as const, spki: await keys.passwordPublicKey() }),
  );

  // Each Google sign-in starts here: the nonce goes to the identity provider and must come back in the id_token
  // to this browser (its grant cookie).
  app.get(
    '/api/auth/google-config',
    {
      schema: {
        summary: 'Google sign-in settings for the browser',
        operationId: 'getGoogleConfig',
        response: { 200: GoogleConfigResponse },
      },
    },
    async (req, reply) => {
      let nonce = '';
      if (google.enabled) {
        await enforceLimit(
          db,
          `gnonce:ip:${clientKey(req.ip)}`,
          config.LOOKUP_LIMIT_PER_IP,
          LOOKUP_WINDOW_S,
          AUTH_MESSAGES.tooManyAttempts,
        );
        nonce = await issueGrant(db, reply, req, 'google_nonce', null, 'google');
      }
      reply.header('cache-control', 'no-store');
      return ok({
        enabled: google.enabled,
        client_id: config.googleClientId,
        authorize_url: config.googleAuthorizeUrl,
        development: config.devIdp && !config.GOOGLE_JWKS_URL,
        nonce,
      });
    },
  );

  // SPEC §4: status 1 → LOGIN, status 0 → REGISTER; a blocked customer comes back flagged.
  app.post(
    '/api/auth/exists',
    {
      schema: {
        summary: 'Whether an account exists for an email or mobile',
        operationId: 'checkAccountExists',
        response: { 200: AuthResponse },
        body: ExistsRequest,
      },
    },
    async (req) => {
      const { email_or_mobile, c_code } = req.body;
      await limitLookups(req);
      const customer = await findCustomerByIdentifier(db, email_or_mobile, c_code);
      return customer ? ok(authData(customer), 'Customer exists') : fail('Customer does not exist', authData(null));
    },
  );

  // SPEC §4: register first validates the user — neither the email nor the mobile may be taken.
  app.post(
    '/api/auth/validate',
    {
      schema: {
        summary: 'Check registration details before the OTP is sent',
        operationId: 'validateRegistration',
        response: { 200: AuthResponse },
        body: ValidateRequest,
      },
    },
    async (req) => {
      const { email, mobile, c_code } = req.body;
      await limitLookups(req);
      const [byEmail, byMobile] = await Promise.all([findCustomerByIdentifier(db, email), findCustomerByIdentifier(db, mobile, c_code)]);
      const data = authData(null, { email_exists: Boolean(byEmail), mobile_exists: Boolean(byMobile) });
      if (byEmail) throw new Conflict(MESSAGES.emailTaken, data);
      if (byMobile) throw new Conflict(MESSAGES.mobileTaken, data);
      return ok(data, 'Details verified');
    },
  );

  app.post(
    '/api/auth/otp',
    {
      schema: {
        summary: 'Send a one-time code for registration, sign-in, password reset or profile change',
        operationId: 'sendOtp',
        response: { 200: OtpSentResponse },
        body: OtpRequest,
      },
    },
    async (req) => {
      const { type, email_or_mobile: identifier, c_code } = req.body;
      let customerId: number | null = null;
      let cCode = c_code;
      if (type !== 'profile') await limitLookups(req);
      if (type === 'register') {
        const customer = await findCustomerByIdentifier(db, identifier, c_code);
        // To a stranger, only what the SPEC wording says: the detail is taken.
        if (customer)
          throw new Conflict(
            takenMessage(identifier),
            authData(null, identifier.includes('@') ? { email_exists: true } : { mobile_exists: true }),
          );
      } else if (type === 'profile') {
        if (identifier.includes('@')) throw new BadRequest(MESSAGES.mobile);
        const { customer } = await profileCustomer(req);
        const owner = await findCustomerByIdentifier(db, identifier, c_code);
        if (owner && owner.id !== customer.id) throw new Conflict(MESSAGES.mobileTaken, authData(null, { mobile_exists: true }));
        customerId = customer.id;
      } else {
        // Login and reset codes go to the number on file, under its own country code.
        const customer = await verifiedCustomer(identifier, c_code);
        customerId = customer.id;
        cCode = customer.c_code;
      }
      const sent = await otp.send({ purpose: type, identifier, cCode, customerId, ip: req.ip });
      return ok(sent, `OTP sent to ${sent.sent_to}`);
    },
  );

  app.post(
    '/api/auth/otp/verify',
    { schema: { summary: 'Check a one-time code', operationId: 'verifyOtp', response: { 200: AuthResponse }, body: OtpVerifyRequest } },
    async (req, reply) => {
      const { email_or_mobile: identifier, otp: code, type, c_code } = req.body;
      if (type === 'forgotPassword') {
        await limitLookups(req);
        const customer = await verifiedCustomer(identifier, c_code);
        await otp.verify({ purpose: 'forgotPassword', identifier, code, customerId: customer.id, cCode: customer.c_code, ip: req.ip });
        await issueGrant(db, reply, req, 'password_reset', customer.id, identifier);
        return ok(authData(customer, { verified: true }), 'OTP verified. Please create a new password.');
      }
      // Profile step: the verified mobile joins the account (under the country code it was sent to), then the
      // shopper is signed in; sessions opened before the change end.
      const { customer, grant } = await profileCustomer(req);
      const proven = await otp.verify({ purpose: 'profile', identifier, code, customerId: customer.id, cCode: c_code, ip: req.ip });
      try {
        await updateCustomer(db, customer.id, { mobile: identifier, c_code: proven.cCode, mobile_verified: true });
      } catch (error) {
        if (isUniqueViolation(error)) throw new Conflict(MESSAGES.mobileTaken, authData(null, { mobile_exists: true }));
        throw error;
      }
      if (grant) await consumeGrant(db, reply, 'pending_profile', grant.tokenHash);
      await deleteCustomerSessions(db, customer.id);
      const updated = await findCustomerById(db, customer.id);
      const answer = await completeSignIn(db, req, reply, updated!, identifier);
      return { ...answer, message: 'Mobile number verified' };
    },
  );

  app.post(
    '/api/auth/otp/login',
    {
      schema: {
        summary: 'Sign in with a one-time code',
        operationId: 'signInWithOtp',
        response: { 200: AuthResponse },
        body: OtpLoginRequest,
      },
    },
    async (req, reply) => {
      const { email_or_mobile: identifier, otp: code, c_code } = req.body;
      await limitLookups(req);
      const customer = await verifiedCustomer(identifier, c_code);
      await otp.verify({ purpose: 'login', identifier, code, customerId: customer.id, cCode: customer.c_code, ip: req.ip });
      return completeSignIn(db, req, reply, customer, identifier);
    },
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        summary: 'Sign in with email or mobile and password',
        operationId: 'signIn',
        response: { 200: AuthResponse },
        body: LoginRequest,
      },
    },
    async (req, reply) => {
      const body = req.body;
      const identifier = body.email_or_mobile;
      // Per client address first (credential stuffing spreads over accounts), counted before any lookup.
      await enforceLimit(
        db,
        `login:ip:${clientKey(req.ip)}`,
        config.LOGIN_LIMIT_PER_IP,
        config.LOGIN_FAILURE_WINDOW_S,
        AUTH_MESSAGES.tooManyAttempts,
      );
      await limitLookups(req);
      const customer = await existingCustomer(identifier, body.c_code).catch(async (error) => {
        await recordSourceFailure(db, req.ip);
        throw error;
      });
      // One counter per account and client address whichever detail names it, incremented before the check: a
      // parallel burst gets no more tries than the limit, and a stranger's tries never lock the owner out.
      // Guessing spread over many networks meets a far higher limit per account; past it the owner still signs in
      // with a code or resets the password, which lifts it.
      const accountKey = `login:account:${customer.id}:${clientKey(req.ip)}`;
      const everywhereKey = `login:account:${customer.id}:all`;
      if ((await hitLimit(db, accountKey, config.LOGIN_FAILURE_WINDOW_S)) > config.LOGIN_FAILURE_LIMIT)
        throw new TooManyRequests(AUTH_MESSAGES.loginLocked);
      if ((await hitLimit(db, everywhereKey, config.LOGIN_FAILURE_WINDOW_S)) > config.LOGIN_ACCOUNT_FAILURE_LIMIT)
        throw new TooManyRequests(AUTH_MESSAGES.loginLocked);
      const password = await readPassword(keys, body.customer_password, body.is_encrypted);
      if (!(await checkPassword(customer.password_hash, password))) {
        await recordSourceFailure(db, req.ip);
        throw new BadRequest(MESSAGES.wrongPassword, strangerData(customer));
      }
      await clearLimit(db, accountKey);
      await clearLimit(db, everywhereKey);
      return completeSignIn(db, req, reply, customer, identifier);
    },
  );

  app.post(
    '/api/auth/login/google',
    {
      schema: {
        summary: 'Sign in with a Google identity token',
        operationId: 'signInWithGoogle',
        response: { 200: AuthResponse },
        body: GoogleLoginRequest,
      },
    },
    async (req, reply) => {
      const body = req.body;
      const { identity, spendNonce } = await checkGoogleToken(req, body.id_token, body.email);
      const bySub = await db.selectFrom('customers').select('id').where('google_sub', '=', identity.sub).executeTakeFirst();
      const customer = bySub ? await findCustomerById(db, bySub.id) : await findCustomerByIdentifier(db, identity.email);
      // SPEC §4: an unknown Google account goes to REGISTER with its email.
      // The nonce stays unused here: the registration that follows spends it (one token, one account or session).
      if (!customer)
        return fail('Please complete your registration', authData(null, { google: { email: identity.email, first_name: identity.name } }));
      if (customer.google_sub && customer.google_sub !== identity.sub) throw new BadRequest(AUTH_MESSAGES.googleMismatch);
      assertNotBlocked(customer);
      await spendNonce(reply);
      if (!customer.google_sub) {
        // Linking by email only to an email this account proved: otherwise whoever registered it first (perhaps
        // not its owner) would share the account with the Google user.
        if (customer.email !== identity.email || !customer.email_verified)
          throw new Conflict(AUTH_MESSAGES.googleUnverified, strangerData(customer));
        await updateCustomer(db, customer.id, { google_sub: identity.sub });
        // A new way in: sessions opened before it end.
        await deleteCustomerSessions(db, customer.id);
      }
      return completeSignIn(db, req, reply, customer, identity.email);
    },
  );

  app.post(
    '/api/auth/register',
    {
      schema: { summary: 'Create an account and sign in', operationId: 'register', response: { 200: AuthResponse }, body: RegisterRequest },
    },
    async (req, reply) => {
      const body = req.body;
      await limitLookups(req);
      let googleSub: string | null = null;
      let spendNonce: ((reply: FastifyReply) => Promise<void>) | null = null;
      if (body.google_token) {
        const checked = await checkGoogleToken(req, body.google_token, body.email);
        googleSub = checked.identity.sub;
        spendNonce = checked.spendNonce;
      } else if (!body.password) throw new BadRequest(MESSAGES.passwordMin);
      const [byEmail, byMobile] = await Promise.all([
        findCustomerByIdentifier(db, body.email),
        findCustomerByIdentifier(db, body.mobile, body.c_code),
      ]);
      if (byEmail) throw new Conflict(MESSAGES.emailTaken, authData(null, { email_exists: true, mobile_exists: Boolean(byMobile) }));
      if (byMobile) throw new Conflict(MESSAGES.mobileTaken, authData(null, { email_exists: false, mobile_exists: true }));
      // SPEC §5: spaces are stripped from the password on register.
      const password = body.password ? checkNewPassword(stripSpaces(await readPassword(keys, body.password, body.is_encrypted))) : null;
      // The register OTP goes to the mobile (under this country code); a client that sent it to the email is answered too.
      const open = await db
        .selectFrom('otps')
        .select(['identifier', 'c_code'])
        .where('purpose', '=', 'register')
        .where((eb) =>
          eb.or([eb.and([eb('identifier', '=', body.mobile), eb('c_code', '=', body.c_code)]), eb('identifier', '=', body.email)]),
        )
        .where('consumed_at', 'is', null)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!open) throw new BadRequest(OTP_EXPIRED);
      await otp.verify({ purpose: 'register', identifier: open.identifier, code: body.otp, cCode: open.c_code });
      if (spendNonce) await spendNonce(reply);
      const provedEmail = open.identifier === body.email;
      let id: number;
      try {
        id = await insertCustomer(db, {
          first_name: body.first_name,
          last_name: '',
          email: body.email,
          mobile: body.mobile,
          c_code: body.c_code,
          password_hash: password ? await hashPassword(password) : null,
          google_sub: googleSub,
          opt_in: body.opt_in,
          // Verified per detail: only the one the code reached (or Google vouched for) counts as proven.
          email_verified: Boolean(googleSub) || provedEmail,
          mobile_verified: !provedEmail,
          referrer: body.referrer ?? null,
          last_order_at: null,
          deletion_requested_at: null,
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new Conflict(`${(error as Error).message}`.includes('email') ? MESSAGES.emailTaken : MESSAGES.mobileTaken);
        throw error;
      }
      // SPEC §4.8: a ticked box is a consent given on the sign-up form, recorded with the text it showed.
      if (body.opt_in)
        await recordConsent(
          db,
          id,
          { purpose: 'marketing', granted: true, text_version: body.opt_in_text_version, method: 'sign_up' },
          sourceOf(req),
        );
      await openSignedInSession(db, req, reply, id);
      const customer = await findCustomerById(db, id);
      return ok(authData(customer, { verified: true, user: await loadSessionUser(db, id) }), AUTH_MESSAGES.registered);
    },
  );

  app.put(
    '/api/auth/password',
    {
      schema: {
        summary: 'Set a new password after a one-time code',
        operationId: 'resetPassword',
        response: { 200: AuthResponse },
        body: PasswordResetRequest,
      },
    },
    async (req, reply) => {
      const body = req.body;
      const grant = await readGrant(db, req, 'password_reset');
      if (!grant?.customerId || grant.identifier !== body.email_or_mobile) throw new Forbidden(AUTH_MESSAGES.resetNotVerified);
      const customer = await findCustomerById(db, grant.customerId);
      if (!customer) throw new Forbidden(AUTH_MESSAGES.resetNotVerified);
      assertNotBlocked(customer);
      const password = checkNewPassword(await readPassword(keys, body.new_password, body.is_encrypted));
      if (!(await consumeGrant(db, reply, 'password_reset', grant.tokenHash))) throw new Forbidden(AUTH_MESSAGES.resetNotVerified);
      await updateCustomer(db, customer.id, { password_hash: await hashPassword(password) });
      // A reset password ends every other session of the account, and lifts the wrong-password lock.
      await deleteCustomerSessions(db, customer.id);
      await clearLimitsStartingWith(db, `login:account:${customer.id}:`);
      const answer = await completeSignIn(db, req, reply, customer, body.email_or_mobile);
      return { ...answer, message: AUTH_MESSAGES.passwordUpdated };
    },
  );
}
