import { randomBytes } from 'node:crypto';
import { verify as verifyPassword } from '@node-rs/argon2';
import type { FastifyRequest } from 'fastify';
import { generateSecret, verify as verifyTotp } from 'otplib';
import type { StaffRole } from '../../../schemas/staff-rules.ts';
import { siteOrigin } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError, BadRequest, Conflict, NotFound } from '../../http/errors.ts';
import { enqueueMessage } from '../../messaging/index.ts';
import { recordAudit } from './audit.ts';
import type { StaffConfig } from './config.ts';
import { checkStaffPassword } from './password.ts';
import { hashStaffPassword, hashToken, openTotp, otpauthUrl, sealTotp } from './service.ts';

// The staff life cycle (docs/decisions/019): the owner invites, changes roles, disables and re-enables, resets a
// member's second factor and ends their sessions, each act after a fresh authenticator code (step-up). A member
// sets their own password and enrols their own authenticator through a one-time link; nobody else sees either.

export const ACCOUNT_MESSAGES = {
  stepUp: 'Enter a fresh code from your authenticator app to confirm.',
  lastOwner: 'The store needs at least one active owner: make another member an owner first.',
  linkInvalid: 'This link is not valid any more. Ask the store owner for a new one.',
  notFound: 'There is no such member of staff.',
  wrongPassword: 'Your current password or code is wrong.',
  exists: 'A staff account with this email already exists.',
} as const;

const TOTP_TOLERANCE_S = 30;

async function takeCode(db: Db, staffId: number, code: string): Promise<boolean> {
  const row = await db.selectFrom('staff').select(['email', 'totp_secret', 'totp_last_step']).where('id', '=', staffId).executeTakeFirst();
  if (!row?.totp_secret) return false;
  const result = await verifyTotp({
    secret: openTotp(row.totp_secret, row.email),
    token: code,
    epochTolerance: TOTP_TOLERANCE_S,
    afterTimeStep: Number(row.totp_last_step),
  }).catch(() => ({ valid: false as const }));
  if (!result.valid || !('timeStep' in result)) return false;
  // A code confirms one act, as it signs in once.
  const taken = await db
    .updateTable('staff')
    .set({ totp_last_step: result.timeStep })
    .where('id', '=', staffId)
    .where('totp_last_step', '<', result.timeStep)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Step-up: the acting member's fresh code, or 403. Recorded either way. */
export async function requireStepUp(db: Db, req: FastifyRequest, code: string): Promise<number> {
  const actor = req.opsActor?.kind === 'staff' ? req.opsActor.staff : null;
  if (!actor) throw new AppError(403, 'Staff accounts are managed by a signed-in owner, not the operations token.');
  const ok = await takeCode(db, actor.id, code);
  await recordAudit(db, req, { action: ok ? 'staff.step-up' : 'staff.step-up-failed', target: `staff:${actor.id}` });
  if (!ok) throw new AppError(403, ACCOUNT_MESSAGES.stepUp);
  return actor.id;
}

export interface StaffListItem {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  disabled: boolean;
  enrolled: boolean;
  created_at: string;
}

export async function listStaff(
  db: Db,
): Promise<{ staff: StaffListItem[]; invites: Array<{ email: string; role: StaffRole; expires_at: string }> }> {
  const rows = await db
    .selectFrom('staff')
    .select(['id', 'email', 'name', 'role', 'disabled_at', 'totp_secret', 'created_at'])
    .orderBy('id')
    .execute();
  const invites = await db
    .selectFrom('staff_invites')
    .select(['email', 'role', 'expires_at'])
    .where('kind', '=', 'invite')
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('id')
    .execute();
  return {
    staff: rows.map((r) => ({
      id: r.id,
      email: r.email,
      name: r.name,
      role: r.role as StaffRole,
      disabled: r.disabled_at !== null,
      enrolled: r.totp_secret !== '',
      created_at: new Date(r.created_at).toISOString(),
    })),
    invites: invites.map((i) => ({ email: i.email, role: i.role as StaffRole, expires_at: new Date(i.expires_at).toISOString() })),
  };
}

async function sendLink(
  db: Db,
  config: StaffConfig,
  input: { kind: 'invite' | 'enrol'; email: string; role: StaffRole; staffId: number | null; invitedBy: number },
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const secret = generateSecret();
  await db
    .insertInto('staff_invites')
    .values({
      token_hash: hashToken(token),
      kind: input.kind,
      email: input.email,
      role: input.role,
      staff_id: input.staffId,
      totp_secret: sealTotp(secret, input.email),
      invited_by: input.invitedBy,
      expires_at: new Date(Date.now() + config.STAFF_INVITE_HOURS * 3_600_000),
    })
    .execute();
  const link = `${siteOrigin()}/ops/join#${token}`;
  const what =
    input.kind === 'invite'
      ? `You are invited to the Kasrat operations console as ${input.role}. Open this link to choose your password and add the console to your authenticator app:`
      : 'The store owner reset your second factor. Open this link to add the console to your authenticator app again:';
  await enqueueMessage(db, {
    channel: 'email',
    to: input.email,
    subject: input.kind === 'invite' ? 'Your Kasrat console invitation' : 'Set up your Kasrat console authenticator again',
    body: `Hello,\n\n${what}\n\n${link}\n\nThe link works once, for ${config.STAFF_INVITE_HOURS} hours. If you did not expect it, ignore this email.\n\nKasrat operations`,
  });
}

export async function inviteStaff(
  db: Db,
  config: StaffConfig,
  req: FastifyRequest,
  actorId: number,
  email: string,
  role: StaffRole,
): Promise<void> {
  const exists = await db.selectFrom('staff').select('id').where('email', '=', email).executeTakeFirst();
  if (exists) throw new Conflict(ACCOUNT_MESSAGES.exists);
  await db.transaction().execute(async (tx) => {
    // A new invitation replaces any earlier one for the address.
    await tx.updateTable('staff_invites').set({ used_at: new Date() }).where('email', '=', email).where('used_at', 'is', null).execute();
    await sendLink(tx, config, { kind: 'invite', email, role, staffId: null, invitedBy: actorId });
    await recordAudit(tx, req, { action: 'staff.invite', target: `email:${email}`, after: { email, role } });
  });
}

async function openLink(db: Db, token: string) {
  const row = await db
    .selectFrom('staff_invites')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row) throw new NotFound(ACCOUNT_MESSAGES.linkInvalid);
  return row;
}

/** What the link's page shows its holder: who they will be, and the secret to enrol. */
export async function readLink(db: Db, token: string) {
  const row = await openLink(db, token);
  const secret = openTotp(row.totp_secret, row.email);
  return { kind: row.kind, email: row.email, role: row.role as StaffRole, secret, otpauth_url: otpauthUrl(row.email, secret) };
}

/** The link's holder sets their password (an invitation) and proves the enrolled authenticator with a code. */
export async function acceptLink(
  db: Db,
  req: FastifyRequest,
  token: string,
  input: { password?: string; code: string },
): Promise<{ email: string }> {
  const row = await openLink(db, token);
  const secret = openTotp(row.totp_secret, row.email);
  const result = await verifyTotp({ secret, token: input.code, epochTolerance: TOTP_TOLERANCE_S }).catch(() => ({ valid: false as const }));
  if (!result.valid || !('timeStep' in result))
    throw new BadRequest('The code is wrong. Check that your authenticator app added this account, then try the new code.');
  if (row.kind === 'invite') {
    if (!input.password) throw new BadRequest('Please choose a password.');
    checkStaffPassword(input.password, row.email);
  }
  const passwordHash = input.password && row.kind === 'invite' ? await hashStaffPassword(input.password) : null;
  return db.transaction().execute(async (tx) => {
    const used = await tx
      .updateTable('staff_invites')
      .set({ used_at: new Date() })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw new NotFound(ACCOUNT_MESSAGES.linkInvalid);
    let staffId: number;
    if (row.kind === 'invite') {
      const created = await tx
        .insertInto('staff')
        .values({
          email: row.email,
          role: row.role,
          password_hash: passwordHash ?? '',
          totp_secret: row.totp_secret,
          totp_last_step: result.timeStep,
        })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!created) throw new Conflict(ACCOUNT_MESSAGES.exists);
      staffId = created.id;
    } else {
      if (!row.staff_id) throw new NotFound(ACCOUNT_MESSAGES.linkInvalid);
      staffId = row.staff_id;
      await tx
        .updateTable('staff')
        .set({ totp_secret: row.totp_secret, totp_last_step: result.timeStep })
        .where('id', '=', staffId)
        .execute();
    }
    await recordAudit(tx, req, {
      actor: { staffId },
      action: row.kind === 'invite' ? 'staff.join' : 'staff.enrol',
      target: `staff:${staffId}`,
    });
    return { email: row.email };
  });
}

async function member(db: Db, id: number) {
  const row = await db.selectFrom('staff').select(['id', 'email', 'role', 'disabled_at']).where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFound(ACCOUNT_MESSAGES.notFound);
  return row;
}

/** Refuses a change that would leave no active owner; run inside the change's transaction, under the owners' locks. */
async function keepAnOwner(tx: Db, changing: number): Promise<void> {
  const owners = await tx
    .selectFrom('staff')
    .select('id')
    .where('role', '=', 'owner')
    .where('disabled_at', 'is', null)
    .forUpdate()
    .execute();
  if (owners.every((o) => o.id === changing)) throw new Conflict(ACCOUNT_MESSAGES.lastOwner);
}

export async function changeRole(db: Db, req: FastifyRequest, id: number, role: StaffRole): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const before = await member(tx, id);
    if (before.role === role) return;
    if (before.role === 'owner' && !before.disabled_at) await keepAnOwner(tx, id);
    await tx.updateTable('staff').set({ role }).where('id', '=', id).execute();
    await recordAudit(tx, req, { action: 'staff.role', target: `staff:${id}`, before: { role: before.role }, after: { role } });
  });
}

/** Disabling ends every session at once (readStaffSession also refuses a disabled account's). */
export async function setDisabled(db: Db, req: FastifyRequest, id: number, disabled: boolean): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const before = await member(tx, id);
    if (disabled && before.role === 'owner' && !before.disabled_at) await keepAnOwner(tx, id);
    await tx
      .updateTable('staff')
      .set({ disabled_at: disabled ? new Date() : null })
      .where('id', '=', id)
      .execute();
    if (disabled) await tx.deleteFrom('staff_sessions').where('staff_id', '=', id).execute();
    await recordAudit(tx, req, { action: disabled ? 'staff.disable' : 'staff.enable', target: `staff:${id}` });
  });
}

export async function endSessions(db: Db, req: FastifyRequest, id: number): Promise<number> {
  await member(db, id);
  return db.transaction().execute(async (tx) => {
    const ended = await tx.deleteFrom('staff_sessions').where('staff_id', '=', id).executeTakeFirst();
    await recordAudit(tx, req, { action: 'staff.end-sessions', target: `staff:${id}`, after: { ended: Number(ended.numDeletedRows) } });
    return Number(ended.numDeletedRows);
  });
}

/** The member's authenticator stops working now; an enrolment link goes to their email. Their sessions end. */
export async function resetSecondFactor(db: Db, config: StaffConfig, req: FastifyRequest, actorId: number, id: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const row = await member(tx, id);
    await tx.updateTable('staff').set({ totp_secret: '' }).where('id', '=', id).execute();
    await tx.deleteFrom('staff_sessions').where('staff_id', '=', id).execute();
    await tx.updateTable('staff_invites').set({ used_at: new Date() }).where('staff_id', '=', id).where('used_at', 'is', null).execute();
    await sendLink(tx, config, { kind: 'enrol', email: row.email, role: row.role as StaffRole, staffId: id, invitedBy: actorId });
    await recordAudit(tx, req, { action: 'staff.reset-second-factor', target: `staff:${id}` });
  });
}

/** A member changes their own password with the current one and a fresh code; their other sessions end. */
export async function changeOwnPassword(
  db: Db,
  req: FastifyRequest,
  input: { current_password: string; new_password: string; code: string },
): Promise<void> {
  const me = req.staff;
  if (!me) throw new AppError(401, 'Your staff session has ended. Please sign in again.');
  const row = await db.selectFrom('staff').select(['email', 'password_hash']).where('id', '=', me.id).executeTakeFirstOrThrow();
  const passwordOk = await verifyPassword(row.password_hash, input.current_password).catch(() => false);
  const codeOk = passwordOk && (await takeCode(db, me.id, input.code));
  if (!codeOk) {
    await recordAudit(db, req, { actor: { staffId: me.id }, action: 'staff.password-failed', target: `staff:${me.id}` });
    throw new AppError(403, ACCOUNT_MESSAGES.wrongPassword);
  }
  checkStaffPassword(input.new_password, row.email);
  const hashed = await hashStaffPassword(input.new_password);
  await db.transaction().execute(async (tx) => {
    await tx.updateTable('staff').set({ password_hash: hashed }).where('id', '=', me.id).execute();
    await tx.deleteFrom('staff_sessions').where('staff_id', '=', me.id).where('id', '!=', me.sessionId).execute();
    await recordAudit(tx, req, { actor: { staffId: me.id }, action: 'staff.password', target: `staff:${me.id}` });
  });
}
