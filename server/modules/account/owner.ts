import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { OWNER_PROOF_REQUIRED } from '../../../schemas/constants.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { enqueueMessage, signalOutbox } from '../../messaging/index.ts';
import { type CustomerRow, deleteGrant, maskIdentifier, replaceOwnerProofGrant } from '../auth/index.ts';
import { setSessionData } from '../session/index.ts';
import { changeBefore, changeKey, freezeAccount } from './freeze.ts';

// Proof from the owner before a change of a way in (email, mobile, password) or of the refund bank account
// (README "Security", ASVS V2.5 / V3.7): a sign-in, the password, or a code to the account's verified contact,
// no older than OWNER_PROOF_MS, on this very session. A session that a change itself opened (every session
// ends after a change of email or mobile) is not a proof: each change needs its own.

export const OWNER_PROOF_MS = 10 * 60_000;
const NOT_ME_TTL_MS = 14 * 86_400_000;

export const OWNER_MESSAGES = {
  proofRequired: OWNER_PROOF_REQUIRED,
  noProofPossible: 'Please add a verified mobile number or email, or a password, to your account first.',
  ownerConfirmed: 'Thank you. You can now make the change.',
  notMeDone: 'Your account is frozen and every device has been signed out. Please contact customer support to restore it.',
  notMeInvalid: 'This link has expired or was already used. Please contact customer support.',
} as const;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const proofHash = (sessionId: string) => sha256(`owner_proof:${sessionId}`);

/** The session row's own facts: when it opened, and whether a change opened it. */
async function sessionFacts(db: Db, sessionId: string) {
  return db.selectFrom('sessions').select(['created_at', 'data']).where('id', '=', sessionId).executeTakeFirst();
}

/** When the owner last proved themselves on this session, or null. */
export async function ownerProvenAt(db: Db, req: FastifyRequest): Promise<Date | null> {
  const session = await req.getSession();
  if (!session?.customerId) return null;
  const [facts, grant] = await Promise.all([
    sessionFacts(db, session.id),
    db
      .selectFrom('auth_grants')
      .select('created_at')
      .where('token_hash', '=', proofHash(session.id))
      .where('kind', '=', 'owner_proof')
      .where('customer_id', '=', session.customerId)
      .executeTakeFirst(),
  ]);
  const openedByChange = Boolean((facts?.data as Record<string, unknown> | undefined)?.opened_by_change);
  const times = [grant ? new Date(grant.created_at) : null, facts && !openedByChange ? new Date(facts.created_at) : null].filter(
    (d): d is Date => d !== null,
  );
  return times.length ? new Date(Math.max(...times.map((d) => d.getTime()))) : null;
}

/** A 403 with `owner_proof_required` unless the owner proved themselves on this session within minutes. */
export async function requireOwnerProof(db: Db, req: FastifyRequest): Promise<void> {
  const at = await ownerProvenAt(db, req);
  if (!at || Date.now() - at.getTime() > OWNER_PROOF_MS)
    throw new AppError(403, OWNER_MESSAGES.proofRequired, { owner_proof_required: true });
}

/** Records a fresh proof on this session (password or code checked by the caller). */
export async function recordOwnerProof(db: Db, req: FastifyRequest, customerId: number): Promise<void> {
  const session = await req.getSession();
  if (!session) return;
  const tokenHash = proofHash(session.id);
  await replaceOwnerProofGrant(db, tokenHash, customerId, new Date(Date.now() + OWNER_PROOF_MS));
}

/** After a change: the session this request continues in was opened by it, so it proves nothing. */
export async function markSessionOpenedByChange(db: Db, req: FastifyRequest): Promise<void> {
  const session = await req.getSession();
  if (!session) return;
  await setSessionData(db, session.id, { opened_by_change: true });
  await deleteGrant(db, proofHash(session.id));
}

export type AccountChangeKind = 'email' | 'mobile' | 'password' | 'bank_account';
const CHANGE_TEXT: Record<AccountChangeKind, string> = {
  email: 'the email of your Kasrat account was changed',
  mobile: 'the mobile number of your Kasrat account was changed',
  password: 'the password of your Kasrat account was changed',
  bank_account: 'a refund bank account was saved to your Kasrat account',
};

/**
 * Logs a change and tells the contacts the account had before it (what changed, masked, and a "this was not
 * me" link that freezes the account and ends every session). Contacts are those proven on the account.
 */
export async function recordAccountChange(
  db: Db,
  req: FastifyRequest,
  input: {
    before: CustomerRow;
    kind: AccountChangeKind;
    detail: string;
    proof: string;
    origin: string;
    /** What the change set (the new contact, password hash, or `bank_account:<id>`), kept only as a hash. */
    after: string | null;
  },
): Promise<void> {
  const { before, kind, detail, proof, origin, after } = input;
  const token = randomBytes(24).toString('base64url');
  const contacts = [
    before.email && before.email_verified ? { channel: 'email' as const, to: before.email, c_code: null } : null,
    before.mobile && before.mobile_verified ? { channel: 'sms' as const, to: before.mobile, c_code: before.c_code } : null,
  ].filter((c) => c !== null);
  const link = `${origin}/api/account/not-me?token=${token}`;
  const when = new Date().toISOString().replace('T', ' ').slice(0, 16);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('account_changes')
      .values({
        customer_id: before.id,
        kind,
        detail,
        ip: req.ip,
        proof,
        not_me_hash: sha256(token),
        not_me_expires_at: new Date(Date.now() + NOT_ME_TTL_MS),
        not_me_used_at: null,
        before_value: ((v) => (v ? JSON.stringify(v) : null))(changeBefore(kind, before)),
        after_key: changeKey(after),
      })
      .execute();
    for (const c of contacts)
      await enqueueMessage(trx, {
        channel: c.channel,
        to: c.to,
        c_code: c.c_code,
        subject: c.channel === 'email' ? 'A change to your Kasrat account' : null,
        body: `On ${when} UTC ${CHANGE_TEXT[kind]} (${detail}). If this was not you, open ${link} to freeze your account and sign out every device.`,
        otp: null,
      });
  });
  signalOutbox();
  req.log.info({ customerId: before.id, change: kind, proof }, 'account change');
}

/** What a change log line shows of a contact: masked, as the codes are. */
export const maskedContact = (value: string | null) => (value ? maskIdentifier(value) : 'none');

/** The change a live "not me" token names (unused, not expired), or undefined. */
export function liveNotMeChange(db: Db, token: string) {
  return db
    .selectFrom('account_changes')
    .select(['id', 'customer_id'])
    .where('not_me_hash', '=', sha256(token))
    .where('not_me_used_at', 'is', null)
    .where('not_me_expires_at', '>', new Date())
    .executeTakeFirst();
}

/**
 * The owner disowns a change: its token is spent and the account frozen (its own state, not support's block: see
 * freeze.ts), in one transaction. The caller ends the customer's sessions.
 */
export async function disownChange(db: Db, change: { id: number; customer_id: number }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('account_changes').set({ not_me_used_at: new Date() }).where('id', '=', change.id).execute();
    await freezeAccount(trx, change.customer_id, change.id);
  });
}
