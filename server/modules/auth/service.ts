import { hash, verify } from '@node-rs/argon2';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthData } from '../../../schemas/account.ts';
import { MESSAGES, PasswordSchema } from '../../../schemas/validation.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { AppError, BadRequest } from '../../http/errors.ts';
import { mergeGuestCartAtSignIn } from '../cart/index.ts';
import type { CustomerRow } from '../customers/index.ts';
import { startSession } from '../session/index.ts';
import { type AuthConfig, readAuthConfig } from './config.ts';
import { createGoogleVerifier, type GoogleVerifier } from './google.ts';
import { issueGrant } from './grants.ts';
import { createKeyRing, type KeyRing } from './keys.ts';
import { createOtpService, type OtpService } from './otp.ts';
import { loadSessionUser } from './session-user.ts';

export interface AuthServices {
  config: AuthConfig;
  keys: KeyRing;
  otp: OtpService;
  google: GoogleVerifier;
}

/**
 * The sign-in configuration, key ring and OTP service of one app: built once (server/api/index.ts) and handed to
 * the auth and account modules, so both use the same instances.
 */
export function createAuthServices(db: Db): AuthServices {
  const config = readAuthConfig();
  const keys = createKeyRing(db, config);
  return { config, keys, otp: createOtpService(db, keys, config), google: createGoogleVerifier(config, keys) };
}

export const AUTH_MESSAGES = {
  blocked: 'Your account has been blocked. Please contact customer support.',
  frozen: 'Your account is frozen after a change you did not make. Please contact customer support to restore it.',
  noAccount: 'We could not find an account with this email or mobile number. Please register.',
  unreadablePassword: 'We could not read the password. Please refresh the page and try again.',
  loginLocked: `${MESSAGES.maxAttempts}. Please try again after 15 minutes or login with OTP.`,
  needMobile: 'Please add your mobile number to continue.',
  googleFailed: 'Google sign-in failed. Please try again.',
  googleMismatch: 'This Google account does not match the email entered.',
  googleDisabled: 'Google sign-in is not available right now.',
  resetNotVerified: 'Please verify the OTP sent to you before setting a new password.',
  profileNotAllowed: 'Please sign in again to add your mobile number.',
  signedIn: 'Logged in successfully',
  registered: 'Registered successfully',
  unverifiedDetail:
    'This email or mobile number is not verified on its account. Please sign in with your password or your verified detail.',
  googleUnverified:
    'An account with this email exists but its email is not verified. Please sign in with your password or mobile, then verify your email.',
  googleNonce: 'Google sign-in could not be confirmed for this browser. Please try again.',
  tooManyAttempts: 'Too many attempts from your network. Please try again later.',
  passwordUpdated: 'Password updated successfully',
} as const;

/** Argon2id (algorithm 2), the library's default cost. */
export const hashPassword = (password: string): Promise<string> => hash(password, { algorithm: 2 });
export const checkPassword = (stored: string | null, password: string): Promise<boolean> =>
  stored ? verify(stored, password).catch(() => false) : Promise.resolve(false);

/** SPEC §3 auth response fields for a customer (or none). */
export function authData(customer: CustomerRow | null | undefined, extra: Partial<AuthData> = {}): AuthData {
  return {
    mobile_exists: Boolean(customer?.mobile),
    email_exists: Boolean(customer?.email),
    is_customer_blocked: Boolean(customer?.is_blocked || customer?.frozen_at),
    verified: false,
    user: null,
    deletion_requested_at: customer?.deletion_requested_at ? new Date(customer.deletion_requested_at).toISOString() : null,
    google: null,
    ...extra,
  };
}

/**
 * What an error may tell someone who has not proven the account (README "Security"): the blocked flag the
 * SPEC §4 wording needs, and no other fact (not which details it has, nor a deletion request).
 */
export function strangerData(customer: CustomerRow | null | undefined): AuthData {
  return authData(null, { is_customer_blocked: Boolean(customer?.is_blocked || customer?.frozen_at) });
}

export function assertNotBlocked(customer: CustomerRow): void {
  if (customer.is_blocked) throw new AppError(403, AUTH_MESSAGES.blocked, strangerData(customer));
  if (customer.frozen_at) throw new AppError(403, AUTH_MESSAGES.frozen, strangerData(customer));
}

/** The clear password: decrypted with the server's RSA-OAEP key when the browser encrypted it. */
export async function readPassword(keys: KeyRing, value: string, encrypted: boolean): Promise<string> {
  if (!encrypted) return value;
  const clear = await keys.decryptPassword(value);
  if (clear === null) throw new BadRequest(AUTH_MESSAGES.unreadablePassword);
  return clear;
}

export function checkNewPassword(password: string): string {
  const result = PasswordSchema.safeParse(password);
  if (!result.success) throw new BadRequest(result.error.issues[0].message);
  return password;
}

/** Starts the signed-in session (rotating its id) and brings the guest cart along (cart module). */
export async function openSignedInSession(db: Db, req: FastifyRequest, reply: FastifyReply, customerId: number): Promise<void> {
  await startSession(db, req, reply, customerId);
  try {
    await mergeGuestCartAtSignIn(db, req, reply, customerId);
  } catch (error) {
    // The cart module merges lazily on the next cart call too; a failed merge must not fail the sign-in.
    req.log.warn({ err: String(error) }, 'guest cart merge at sign-in failed');
  }
}

/**
 * SPEC §4: with a mobile on file the shopper is signed in (session id rotated); without one they go to
 * PROFILE_UPDATE, holding a short-lived grant instead of a session.
 */
export async function completeSignIn(db: Db, req: FastifyRequest, reply: FastifyReply, customer: CustomerRow, identifier: string) {
  assertNotBlocked(customer);
  if (!customer.mobile) {
    await issueGrant(db, reply, req, 'pending_profile', customer.id, identifier);
    return ok(authData(customer, { verified: true }), AUTH_MESSAGES.needMobile);
  }
  await openSignedInSession(db, req, reply, customer.id);
  const user = await loadSessionUser(db, customer.id);
  return ok(authData(customer, { verified: true, user }), AUTH_MESSAGES.signedIn);
}
