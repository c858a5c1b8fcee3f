import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { ChangeBefore } from '../../db/types.ts';
import { findCustomerById, maskIdentifier } from '../auth/index.ts';
import { updateCustomer } from '../customers/index.ts';

// A freeze is the owner's own state (README "Security"), apart from support's block: when, why, and which logged
// change of a way in triggered it. Support restores the account only once that change no longer stands — the
// email or mobile set back to the value it replaced, the password reset — so unfreezing never leaves an
// attacker's way in in place.

export const FREEZE_MESSAGES = {
  notMeReason: 'The owner said a change was not theirs ("this was not me").',
  notFrozen: 'This account is not frozen.',
  changeStands: (what: string) =>
    `The change that froze this account still stands (${what}). Revert it first, or have the owner reset it through a verified contact the account had before.`,
  nothingToRevert: 'The change that froze this account is already reverted.',
  cannotRevert: 'This change cannot be reverted from the console. Ask the owner to remove the refund account it added.',
  reverted: 'The change is reverted. You can now restore the account.',
  contactTaken: 'The email or mobile this change replaced now belongs to another account, so it cannot be set back.',
  unfrozen: 'Account restored.',
} as const;

const masked = (value: string | null) => (value ? maskIdentifier(value) : 'none');

export const changeKey = (value: string | null) =>
  createHash('sha256')
    .update(`account_change:${value ?? ''}`)
    .digest('hex');

/** What a change of `kind` replaced, kept so support can set it back; none for a password or a refund account. */
export function changeBefore(
  kind: string,
  before: { email: string | null; email_verified: boolean; mobile: string | null; c_code: string; mobile_verified: boolean },
): ChangeBefore | null {
  if (kind === 'email') return { email: before.email, email_verified: before.email_verified };
  if (kind === 'mobile') return { mobile: before.mobile, c_code: before.c_code, mobile_verified: before.mobile_verified };
  return null;
}

/** Freezes the account for the logged change the owner disowned (in the caller's transaction). */
export async function freezeAccount(db: Db, customerId: number, changeId: number): Promise<void> {
  await updateCustomer(db, customerId, { frozen_at: new Date(), frozen_reason: FREEZE_MESSAGES.notMeReason, frozen_change_id: changeId });
}

export interface AccountChangeLine {
  change_id: number;
  kind: string;
  detail: string;
  proof: string;
  ip: string;
  at: string;
  disowned_at: string | null;
}

/** The account's recent changes of a way in or of the refund account, newest first (details already masked). */
export async function accountChangeLog(db: Db, customerId: number, limit = 20): Promise<AccountChangeLine[]> {
  const rows = await db
    .selectFrom('account_changes')
    .select(['id', 'kind', 'detail', 'proof', 'ip', 'created_at', 'not_me_used_at'])
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    change_id: r.id,
    kind: r.kind,
    detail: r.detail,
    proof: r.proof,
    ip: r.ip,
    at: new Date(r.created_at).toISOString(),
    disowned_at: r.not_me_used_at ? new Date(r.not_me_used_at).toISOString() : null,
  }));
}

export interface FreezeState {
  frozen_at: string;
  reason: string;
  change: AccountChangeLine | null;
}

async function frozenRow(db: Db, customerId: number) {
  return db
    .selectFrom('customers as c')
    .leftJoin('account_changes as a', 'a.id', 'c.frozen_change_id')
    .select([
      'c.id',
      'c.email',
      'c.email_verified',
      'c.mobile',
      'c.c_code',
      'c.mobile_verified',
      'c.password_hash',
      'c.frozen_at',
      'c.frozen_reason',
      'a.id as change_id',
      'a.kind',
      'a.detail',
      'a.proof',
      'a.ip',
      'a.created_at',
      'a.not_me_used_at',
      'a.before_value',
      'a.after_key',
    ])
    .where('c.id', '=', customerId)
    .executeTakeFirst();
}

/** The freeze, when the account is frozen: when, why and the change that triggered it; null otherwise. */
export async function freezeState(db: Db, customerId: number): Promise<FreezeState | null> {
  const row = await frozenRow(db, customerId);
  if (!row?.frozen_at) return null;
  return {
    frozen_at: new Date(row.frozen_at).toISOString(),
    reason: row.frozen_reason ?? '',
    change:
      row.change_id !== null && row.kind !== null && row.created_at !== null
        ? {
            change_id: row.change_id,
            kind: row.kind,
            detail: row.detail ?? '',
            proof: row.proof ?? '',
            ip: row.ip ?? '',
            at: new Date(row.created_at).toISOString(),
            disowned_at: row.not_me_used_at ? new Date(row.not_me_used_at).toISOString() : null,
          }
        : null,
  };
}

type Frozen = NonNullable<Awaited<ReturnType<typeof frozenRow>>>;

/**
 * What of the triggering change still stands, in words, or null once it is reverted: the email or mobile back to
 * the value it replaced (and verified if it was), a password other than the one it set, the refund account it
 * added removed (`bankAccountIds` are the account's saved ones).
 */
function standing(row: Frozen, bankAccountIds: number[]): string | null {
  const before = row.before_value as ChangeBefore | null;
  switch (row.kind) {
    case 'email':
      if (!before || !('email' in before)) return 'the new email';
      return row.email === before.email && (row.email_verified || !before.email_verified) ? null : 'the new email';
    case 'mobile':
      if (!before || !('mobile' in before)) return 'the new mobile number';
      return row.mobile === before.mobile && row.c_code === before.c_code && (row.mobile_verified || !before.mobile_verified)
        ? null
        : 'the new mobile number';
    case 'password':
      return row.after_key !== null && changeKey(row.password_hash) !== row.after_key ? null : 'the new password';
    case 'bank_account':
      return row.after_key !== null && !bankAccountIds.some((id) => changeKey(`bank_account:${id}`) === row.after_key)
        ? null
        : 'the refund account it added';
    default:
      return null;
  }
}

export type UnfreezeCheck = { state: 'not_frozen' } | { state: 'stands'; what: string } | { state: 'clear'; changeId: number | null };

/** Whether support may restore the account now (locks the customer's row when `db` is a transaction). */
export async function unfreezeCheck(db: Db, customerId: number, bankAccountIds: number[]): Promise<UnfreezeCheck | undefined> {
  await db.selectFrom('customers').select('id').where('id', '=', customerId).forUpdate().executeTakeFirst();
  const row = await frozenRow(db, customerId);
  if (!row) return undefined;
  if (!row.frozen_at) return { state: 'not_frozen' };
  const what = row.change_id === null ? null : standing(row, bankAccountIds);
  return what ? { state: 'stands', what } : { state: 'clear', changeId: row.change_id };
}

/** Lifts the freeze (in the caller's transaction); the replaced contact kept for the revert is dropped. */
export async function liftFreeze(db: Db, customerId: number, changeId: number | null): Promise<void> {
  await updateCustomer(db, customerId, { frozen_at: null, frozen_reason: null, frozen_change_id: null });
  if (changeId !== null) await db.updateTable('account_changes').set({ before_value: null }).where('id', '=', changeId).execute();
}

export type RevertResult =
  | { state: 'not_frozen' }
  | { state: 'cannot' }
  | { state: 'already' }
  | { state: 'reverted'; kind: string; before: Record<string, unknown>; after: Record<string, unknown> };

/**
 * Reverts the change that froze the account (in the caller's transaction, its row locked): the email or mobile
 * set back to the value it replaced, or the password removed so the owner sets a new one through a code to a
 * verified contact. A refund account is the owner's to remove.
 */
export async function revertFrozenChange(db: Db, customerId: number): Promise<RevertResult | undefined> {
  const check = await unfreezeCheck(db, customerId, []);
  if (!check) return undefined;
  if (check.state === 'not_frozen') return check;
  const row = (await frozenRow(db, customerId))!;
  const before = row.before_value as ChangeBefore | null;
  if (row.kind === 'bank_account' || (row.kind !== 'password' && !before)) return { state: 'cannot' };
  if (row.kind !== 'bank_account' && standing(row, []) === null) return { state: 'already' };
  if (row.kind === 'password') {
    await updateCustomer(db, customerId, { password_hash: null });
    return { state: 'reverted', kind: 'password', before: { password: 'set by the change' }, after: { password: 'none' } };
  }
  const current = (await findCustomerById(db, customerId))!;
  if (before && 'email' in before) {
    await updateCustomer(db, customerId, before);
    return { state: 'reverted', kind: 'email', before: { email: masked(current.email) }, after: { email: masked(before.email) } };
  }
  await updateCustomer(db, customerId, before as Exclude<ChangeBefore, { email: string | null }>);
  return {
    state: 'reverted',
    kind: 'mobile',
    before: { mobile: masked(current.mobile) },
    after: { mobile: masked(before?.mobile ?? null) },
  };
}
