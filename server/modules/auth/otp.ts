import { randomBytes, randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { MESSAGES } from '../../../schemas/validation.ts';
import type { Db } from '../../db/database.ts';
import { BadRequest, TooManyRequests } from '../../http/errors.ts';
import { enqueueMessage, signalOutbox } from '../../messaging/index.ts';
import { type AuthConfig, OTP_MAX_ATTEMPTS, OTP_TTL_MS } from './config.ts';
import type { KeyRing } from './keys.ts';
import { checkSourceDelay, clientKey, hitLimit, peekLimit, recordSourceFailure } from '../../http/rate-limit.ts';

// One-time codes: six random digits, only an HMAC kept, valid 10 minutes, at most 5 tries (SPEC §4, §5).

export type OtpPurpose =
  | 'register'
  | 'login'
  | 'forgotPassword'
  | 'profile'
  | 'mobile_change'
  | 'email_change'
  | 'password_change'
  | 'account_delete'
  | 'email_verification'
  | 'owner_proof';

export const OTP_EXPIRED = 'OTP has expired. Please request a new OTP.';
/** A source that failed too often waits (README "Security"). */
export const SOURCE_WAIT_MESSAGE = 'Too many attempts from your network. Please try again later.';
/** Sends past the limit answer with the SPEC wording, so the page disables Resend OTP (SPEC §4). */
export const SEND_LIMIT_MESSAGE = `${MESSAGES.maxAttempts}. Please try again after some time.`;

const PURPOSE_TEXT: Record<OtpPurpose, string> = {
  register: 'to create your Kasrat account',
  login: 'to sign in to Kasrat',
  forgotPassword: 'to reset your Kasrat password',
  profile: 'to add this mobile number to your Kasrat account',
  mobile_change: 'to change the mobile number of your Kasrat account',
  email_change: 'to change the email of your Kasrat account',
  password_change: 'to change your Kasrat password',
  account_delete: 'to delete your Kasrat account',
  email_verification: 'to verify your email',
  owner_proof: 'to confirm a change to your Kasrat account',
};

export const channelOf = (identifier: string): 'email' | 'sms' => (identifier.includes('@') ? 'email' : 'sms');

/** 'de***@kasrat.test', '******3210': enough for the shopper to recognise, not enough to harvest. */
export function maskIdentifier(identifier: string): string {
  if (identifier.includes('@')) {
    const [local, domain] = identifier.split('@');
    return `${local.slice(0, 2)}${'*'.repeat(Math.max(3, local.length - 2))}@${domain}`;
  }
  return `${'*'.repeat(Math.max(0, identifier.length - 4))}${identifier.slice(-4)}`;
}

export interface OtpService {
  send(input: { purpose: OtpPurpose; identifier: string; cCode?: string; customerId?: number | null; ip: string }): Promise<{
    sent_to: string;
    channel: 'email' | 'sms';
    expires_in_s: number;
  }>;
  /** Sends a long single-use token in a link (email verification); returns nothing the caller could leak. */
  sendLink(input: {
    purpose: OtpPurpose;
    identifier: string;
    customerId: number;
    ip: string;
    link: (token: string) => string;
    ttlMs: number;
  }): Promise<void>;
  /** Checks a code; consumes it when right. Throws the SPEC messages when wrong or exhausted. */
  verify(input: {
    purpose: OtpPurpose;
    identifier: string;
    code: string;
    customerId?: number | null;
    /** For a mobile: the country code the code was sent under must match. */
    cCode?: string;
    /** The client address trying: failures slow it, and its own daily budget per account is counted. */
    ip?: string;
  }): Promise<{ id: number; customerId: number | null; cCode: string }>;
  /** Supersedes every open code of this purpose for the identifier. */
  cancel(input: { purpose: OtpPurpose; identifier: string; customerId?: number | null }): Promise<number>;
}

export function createOtpService(db: Db, keys: KeyRing, config: AuthConfig): OtpService {
  const scope = (purpose: OtpPurpose, identifier: string) => `${purpose}:${identifier}`;

  async function checkSendLimits(identifier: string, ip: string) {
    const byIdentifier = await hitLimit(db, `otp:id:${identifier}`, config.OTP_SEND_WINDOW_S);
    const byIp = await hitLimit(db, `otp:ip:${clientKey(ip)}`, config.OTP_SEND_WINDOW_S);
    if (byIdentifier > config.OTP_SEND_LIMIT_PER_IDENTIFIER || byIp > config.OTP_SEND_LIMIT_PER_IP)
      throw new TooManyRequests(SEND_LIMIT_MESSAGE);
  }

  async function store(
    purpose: OtpPurpose,
    identifier: string,
    cCode: string,
    customerId: number | null,
    secret: string,
    ttlMs: number,
    message: Parameters<typeof enqueueMessage>[1],
  ) {
    const codeHash = await keys.hashCode(scope(purpose, identifier), secret);
    await db.transaction().execute(async (trx) => {
      // A new code replaces the previous ones: only the latest can be entered.
      await trx
        .updateTable('otps')
        .set({ consumed_at: new Date() })
        .where('identifier', '=', identifier)
        .where('purpose', '=', purpose)
        .where('consumed_at', 'is', null)
        .execute();
      await trx
        .insertInto('otps')
        .values({
          purpose,
          identifier,
          c_code: cCode,
          customer_id: customerId,
          code_hash: codeHash,
          expires_at: new Date(Date.now() + ttlMs),
          verified_at: null,
          consumed_at: null,
        })
        .execute();
      await enqueueMessage(trx, message);
    });
    signalOutbox();
  }

  /** Evidence of an attack on the account, told to the contact the codes went to. */
  async function warnOwner(identifier: string, cCode: string) {
    const channel = channelOf(identifier);
    await enqueueMessage(db, {
      channel,
      to: identifier,
      c_code: channel === 'sms' ? cCode : null,
      subject: channel === 'email' ? 'Many wrong codes were entered for your Kasrat account' : null,
      body: 'Many wrong one-time codes were entered for your Kasrat account today, from many networks. Sign-in by code is paused until tomorrow; your password still works. Never share a code with anyone.',
      otp: null,
    });
  }

  return {
    async send({ purpose, identifier, cCode = '+91', customerId = null, ip }) {
      await checkSendLimits(identifier, ip);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const channel = channelOf(identifier);
      const body = `${code} is your Kasrat OTP ${PURPOSE_TEXT[purpose]}. It is valid for 10 minutes. Do not share it with anyone.`;
      await store(purpose, identifier, cCode, customerId, code, OTP_TTL_MS, {
        channel,
        to: identifier,
        c_code: channel === 'sms' ? cCode : null,
        subject: channel === 'email' ? `Your Kasrat OTP is ${code}` : null,
        body,
        otp: config.devTools ? code : null,
      });
      return { sent_to: maskIdentifier(identifier), channel, expires_in_s: OTP_TTL_MS / 1000 };
    },

    async sendLink({ purpose, identifier, customerId, ip, link, ttlMs }) {
      await checkSendLimits(identifier, ip);
      const token = randomBytes(24).toString('base64url');
      await store(purpose, identifier, '+91', customerId, token, ttlMs, {
        channel: 'email',
        to: identifier,
        subject: 'Verify your email for Kasrat',
        body: `Please confirm this email address for your Kasrat account by opening this link within 24 hours: ${link(token)}`,
        otp: config.devTools ? token : null,
      });
    },

    async verify({ purpose, identifier, code, customerId, cCode, ip }) {
      // Running totals of wrong codes per day, over every code sent (5 tries per code times fresh codes would
      // otherwise allow guessing without end): per account and client address, so a stranger's guesses never
      // lock the owner out (README "Security"); and per account over all addresses, far higher, for guessing
      // spread over many addresses, whose crossing the owner is told of.
      const who = customerId ?? identifier;
      const source = ip ? clientKey(ip) : 'unknown';
      const failureKey = `otp:fail:${who}:${source}`;
      const accountKey = `otp:fail-all:${who}`;
      if (ip) await checkSourceDelay(db, ip, SOURCE_WAIT_MESSAGE);
      if ((await peekLimit(db, failureKey, 86_400)) >= config.OTP_DAILY_FAILURE_LIMIT) throw new TooManyRequests(MESSAGES.maxAttempts);
      if ((await peekLimit(db, accountKey, 86_400)) >= config.OTP_ACCOUNT_DAILY_FAILURE_LIMIT)
        throw new TooManyRequests(MESSAGES.maxAttempts);
      let query = db
        .selectFrom('otps')
        .select(['id', 'code_hash', 'expires_at', 'attempts', 'customer_id', 'c_code'])
        .where('identifier', '=', identifier)
        .where('purpose', '=', purpose)
        .where('consumed_at', 'is', null);
      if (customerId != null) query = query.where('customer_id', '=', customerId);
      if (cCode && !identifier.includes('@')) query = query.where('c_code', '=', cCode);
      const row = await query.orderBy('id', 'desc').limit(1).executeTakeFirst();
      if (!row || new Date(row.expires_at).getTime() <= Date.now()) throw new BadRequest(OTP_EXPIRED);
      // The try is counted before the comparison, atomically, so parallel guesses cannot exceed the limit.
      const counted = await db
        .updateTable('otps')
        .set({ attempts: sql`attempts + 1` })
        .where('id', '=', row.id)
        .where('attempts', '<', OTP_MAX_ATTEMPTS)
        .where('consumed_at', 'is', null)
        .returning('attempts')
        .executeTakeFirst();
      if (!counted) throw new TooManyRequests(MESSAGES.maxAttempts);
      const expected = await keys.hashCode(scope(purpose as OtpPurpose, identifier), code);
      if (!keys.sameHash(expected, row.code_hash)) {
        await hitLimit(db, failureKey, 86_400);
        if (ip) await recordSourceFailure(db, ip);
        if ((await hitLimit(db, accountKey, 86_400)) === config.OTP_ACCOUNT_DAILY_FAILURE_LIMIT) await warnOwner(identifier, row.c_code);
        if (counted.attempts >= OTP_MAX_ATTEMPTS) throw new TooManyRequests(MESSAGES.maxAttempts);
        throw new BadRequest(MESSAGES.otpWrong);
      }
      const consumed = await db
        .updateTable('otps')
        .set({ consumed_at: new Date(), verified_at: new Date() })
        .where('id', '=', row.id)
        .where('consumed_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!consumed) throw new BadRequest(OTP_EXPIRED);
      return { id: row.id, customerId: row.customer_id, cCode: row.c_code };
    },

    async cancel({ purpose, identifier, customerId }) {
      let q = db
        .updateTable('otps')
        .set({ consumed_at: new Date() })
        .where('identifier', '=', identifier)
        .where('purpose', '=', purpose)
        .where('consumed_at', 'is', null);
      if (customerId != null) q = q.where('customer_id', '=', customerId);
      const res = await q.executeTakeFirst();
      return Number(res.numUpdatedRows ?? 0);
    },
  };
}

/** Housekeeping: codes a day past expiry are of no use. */
export async function pruneOtps(db: Db): Promise<void> {
  await db
    .deleteFrom('otps')
    .where('expires_at', '<', new Date(Date.now() - 86_400_000))
    .execute();
}
