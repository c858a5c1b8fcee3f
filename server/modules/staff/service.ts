import { createHash, randomBytes } from 'node:crypto';
import { hash, verify as verifyPassword } from '@node-rs/argon2';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { generate, generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import { STAFF_MESSAGES, type StaffMe, type StaffRole, ROLE_PERMISSIONS } from '../../../schemas/staff.ts';
import type { Db } from '../../db/database.ts';
import { AppError, Conflict, TooManyRequests } from '../../http/errors.ts';
import type { StaffPrincipal } from '../../http/ops.ts';
import { checkSourceDelay, clearLimit, clientKey, enforceLimit, hitLimit, recordSourceFailure } from '../../http/rate-limit.ts';
import { secureCookies } from '../../http/security.ts';
import { type Keyring, keyringFrom, seal, sealedUnderCurrent, unseal } from '../../http/sealed.ts';
import { enqueueOnce } from '../../messaging/index.ts';
import { recordAudit } from './audit.ts';
import type { StaffConfig } from './config.ts';
import { checkStaffPassword } from './password.ts';

// Staff accounts and sessions (docs/decisions/019). Sessions are rows, as shoppers' are: the cookie holds a random
// token, the row id is its SHA-256. A session ends after STAFF_IDLE_MINUTES unused or STAFF_SESSION_HOURS in all.

export const STAFF_COOKIE = 'kasrat_staff';
/**
 * The cookie goes with /api calls only: every console call is under /api/ops, and the operations calls other
 * modules own (review moderation, the funnel report) are elsewhere under /api. The console's HTML carries no data.
 */
export const STAFF_COOKIE_PATH = '/api';
export const TOTP_ISSUER = 'Kasrat operations';
/** A code from the step before or after the server's clock still counts: phones drift. */
const TOTP_TOLERANCE_S = 30;
const TOUCH_EVERY_MS = 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const hashStaffPassword = (password: string) => hash(password, { algorithm: 2 });

// Authenticator secrets at rest: AES-256-GCM under STAFF_TOTP_KEY (server/http/sealed.ts), bound to the account's
// email, rotated through STAFF_TOTP_OLD_KEYS like the bank account key (README "Security").
export const totpKeys = (env: NodeJS.ProcessEnv = process.env): Keyring =>
  keyringFrom(env, 'STAFF_TOTP_KEY', 'STAFF_TOTP_OLD_KEYS', 'kasrat-development-staff-totp-key');
const totpAad = (email: string) => `staff_totp:${email}`;
export const sealTotp = (secret: string, email: string, env?: NodeJS.ProcessEnv) => seal(totpKeys(env), secret, totpAad(email));
export const openTotp = (stored: string, email: string, env?: NodeJS.ProcessEnv) =>
  unseal(totpKeys(env), stored, totpAad(email), 'STAFF_TOTP_OLD_KEYS');

/** Moves every secret not under the current key (clear ones included) to it; returns how many it rewrote. */
export async function reencryptStaffSecrets(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const keys = totpKeys(env);
  const rows = await db.selectFrom('staff').select(['id', 'email', 'totp_secret']).execute();
  let moved = 0;
  for (const row of rows.filter((r) => !sealedUnderCurrent(keys, r.totp_secret))) {
    const clear = openTotp(row.totp_secret, row.email, env);
    const done = await db
      .updateTable('staff')
      .set({ totp_secret: sealTotp(clear, row.email, env) })
      .where('id', '=', row.id)
      .where('totp_secret', '=', row.totp_secret)
      .executeTakeFirst();
    moved += Number(done.numUpdatedRows);
  }
  return moved;
}
// Verified when the email names nobody, so a wrong email costs the same time as a wrong password.
let decoyHash: Promise<string> | null = null;

export function otpauthUrl(email: string, secret: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: email, secret });
}

export interface CreatedStaff {
  id: number;
  email: string;
  role: StaffRole;
  secret: string;
  otpauth_url: string;
}

/** A new member of staff with a fresh TOTP secret, shown to them once (scripts/ops.mjs prints it). */
export async function createStaff(
  db: Db,
  input: { email: string; role: StaffRole; password: string; name?: string; secret?: string },
  /** Only the development tools' demo owner skips the password rules; production refuses to start with it. */
  options: { demo?: boolean } = {},
): Promise<CreatedStaff> {
  const email = input.email.trim().toLowerCase();
  if (!options.demo) checkStaffPassword(input.password, email);
  const secret = input.secret ?? generateSecret();
  const row = await db
    .insertInto('staff')
    .values({
      email,
      name: input.name ?? '',
      role: input.role,
      password_hash: await hashStaffPassword(input.password),
      totp_secret: sealTotp(secret, email),
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) throw new Conflict(`A staff account for ${email} already exists.`);
  return { id: row.id, email, role: input.role, secret, otpauth_url: otpauthUrl(email, secret) };
}

/** The code an authenticator shows now for a secret (the development tools and tests use it). */
export const currentCode = (secret: string): Promise<string> => generate({ secret });

/**
 * Password and TOTP code together (docs/decisions/019), limited so that no stranger can lock a member out: failures
 * slow their source (an IPv6 /64 as one), never the account, and attempts count per (account, source) before the
 * password and code are checked, one atomic increment each, so a parallel burst gets no more checked guesses than
 * the limit. Guessing spread over many sources meets the account's own, higher limit, and every owner is told.
 * One answer for every wrong part, naming none.
 */
export async function signIn(
  db: Db,
  config: StaffConfig,
  req: FastifyRequest,
  reply: FastifyReply,
  input: { email: string; password: string; code: string },
): Promise<StaffMe> {
  const window = config.STAFF_LOGIN_WINDOW_S;
  const source = clientKey(req.ip);
  await checkSourceDelay(db, req.ip, STAFF_MESSAGES.tooManyFromNetwork);
  await enforceLimit(db, `staff-login:ip:${source}`, config.STAFF_LOGIN_LIMIT_PER_IP, window, STAFF_MESSAGES.tooManyFromNetwork);
  const staff = await db.selectFrom('staff').selectAll().where('email', '=', input.email).executeTakeFirst();
  const target = staff ? `staff:${staff.id}` : `email:${input.email}`;
  const accountKey = `staff-login:account:${input.email}:${source}`;
  const everywhereKey = `staff-login:account:${input.email}:all`;
  const here = await hitLimit(db, accountKey, window);
  if (here > config.STAFF_LOGIN_FAILURE_LIMIT) {
    // Recorded once, when this source first meets the lock.
    if (here === config.STAFF_LOGIN_FAILURE_LIMIT + 1)
      await recordAudit(db, req, { actor: 'anonymous', action: 'staff.sign-in-locked', target, after: { scope: 'source' } });
    throw new TooManyRequests(STAFF_MESSAGES.locked);
  }
  const everywhere = await hitLimit(db, everywhereKey, window);
  if (everywhere > config.STAFF_LOGIN_ACCOUNT_FAILURE_LIMIT) {
    if (everywhere === config.STAFF_LOGIN_ACCOUNT_FAILURE_LIMIT + 1) {
      await recordAudit(db, req, { actor: 'anonymous', action: 'staff.sign-in-locked', target, after: { scope: 'account' } });
      if (staff) await tellOwnersOfLock(db, staff.email, window);
    }
    throw new TooManyRequests(STAFF_MESSAGES.locked);
  }
  decoyHash ??= hashStaffPassword(randomBytes(16).toString('hex'));
  const passwordOk = await verifyPassword(staff?.password_hash || (await decoyHash), input.password).catch(() => false);
  let step: number | null = null;
  if (staff && passwordOk && !staff.disabled_at && staff.totp_secret) {
    const result = await verifyTotp({
      secret: openTotp(staff.totp_secret, staff.email),
      token: input.code,
      epochTolerance: TOTP_TOLERANCE_S,
      afterTimeStep: Number(staff.totp_last_step),
    }).catch(() => ({ valid: false as const }));
    if (result.valid && 'timeStep' in result) step = result.timeStep;
  }
  // The step is taken in one conditional write: two instances given the same code accept it once.
  const taken =
    staff && step !== null
      ? await db
          .updateTable('staff')
          .set({ totp_last_step: step })
          .where('id', '=', staff.id)
          .where('totp_last_step', '<', step)
          .executeTakeFirst()
      : null;
  if (!staff || !taken || Number(taken.numUpdatedRows) !== 1) {
    await recordSourceFailure(db, req.ip);
    await recordAudit(db, req, { actor: 'anonymous', action: 'staff.sign-in-failed', target });
    throw new AppError(401, STAFF_MESSAGES.wrongCredentials);
  }
  await clearLimit(db, accountKey);
  // A new session id at every sign-in; any session the browser carried ends.
  const old = req.cookies[STAFF_COOKIE];
  if (old) await db.deleteFrom('staff_sessions').where('id', '=', hashToken(old)).execute();
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(Date.now() + config.STAFF_SESSION_HOURS * 3_600_000);
  await db
    .insertInto('staff_sessions')
    .values({ id: hashToken(token), staff_id: staff.id, expires_at: expires })
    .execute();
  reply.setCookie(STAFF_COOKIE, token, { path: STAFF_COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure: secureCookies(req) });
  const role = staff.role as StaffRole;
  req.staff = { id: staff.id, email: staff.email, role, sessionId: hashToken(token) };
  await recordAudit(db, req, { actor: { staffId: staff.id }, action: 'staff.sign-in', target });
  return { id: staff.id, email: staff.email, name: staff.name, role, permissions: [...ROLE_PERMISSIONS[role]] };
}

/** Every active owner hears, once per window, that an account's sign-in paused for attempts from many sources. */
async function tellOwnersOfLock(db: Db, email: string, windowS: number): Promise<void> {
  const owners = await db.selectFrom('staff').select('email').where('role', '=', 'owner').where('disabled_at', 'is', null).execute();
  const windowId = Math.floor(Date.now() / 1000 / windowS);
  for (const owner of owners)
    await enqueueOnce(
      db,
      {
        channel: 'email',
        to: owner.email,
        subject: 'Kasrat console: a staff sign-in is paused',
        body: `Hello,\n\nSign-in to the staff account ${email} has paused after many wrong attempts from many networks. It opens again by itself after 15 minutes; the audit trail lists the attempts.\n\nIf this was not your team, someone is guessing this account's password: consider resetting it.\n\nKasrat operations`,
      },
      `staff-lock:${email}:${windowId}:${owner.email}`,
    );
}

/** The live staff session a request carries, or null; last_seen_at moves at most once a minute. */
export async function readStaffSession(db: Db, config: StaffConfig, req: FastifyRequest): Promise<StaffPrincipal | null> {
  const token = req.cookies[STAFF_COOKIE];
  if (!token || token.length > 200) return null;
  const now = Date.now();
  const row = await db
    .selectFrom('staff_sessions as s')
    .innerJoin('staff as st', 'st.id', 's.staff_id')
    .select(['s.id', 's.last_seen_at', 'st.id as staff_id', 'st.email', 'st.role'])
    .where('s.id', '=', hashToken(token))
    .where('s.expires_at', '>', new Date(now))
    .where('s.last_seen_at', '>', new Date(now - config.STAFF_IDLE_MINUTES * 60_000))
    .where('st.disabled_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  if (now - new Date(row.last_seen_at).getTime() > TOUCH_EVERY_MS)
    await db
      .updateTable('staff_sessions')
      .set({ last_seen_at: new Date(now) })
      .where('id', '=', row.id)
      .execute();
  return { id: row.staff_id, email: row.email, role: row.role as StaffRole, sessionId: row.id };
}

export async function signOut(db: Db, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = req.cookies[STAFF_COOKIE];
  if (token) {
    const ended = await db.deleteFrom('staff_sessions').where('id', '=', hashToken(token)).returning('staff_id').executeTakeFirst();
    if (ended)
      await recordAudit(db, req, { actor: { staffId: ended.staff_id }, action: 'staff.sign-out', target: `staff:${ended.staff_id}` });
  }
  reply.clearCookie(STAFF_COOKIE, { path: STAFF_COOKIE_PATH });
  req.staff = null;
}

export async function staffMe(db: Db, id: number): Promise<StaffMe | null> {
  const row = await db.selectFrom('staff').select(['id', 'email', 'name', 'role']).where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const role = row.role as StaffRole;
  return { ...row, role, permissions: [...ROLE_PERMISSIONS[role]] };
}

export const DEMO_STAFF = { email: 'staff@kasrat.test', password: 'Staff@1234', role: 'owner' as const, name: 'Demo owner' };

export const DEMO_OWNER_IN_PRODUCTION = `The development tools' demo owner (${DEMO_STAFF.email}, a public password) is active: production does not start while it is. Disable it in the console's Staff area, or start once outside production without KASRAT_DEV_TOOLS, which disables it.`;

/**
 * The demo owner's password is public (README "Operations console"). Production refuses to start while the account
 * is active; any other start without the development tools disables it, which ends its sessions.
 */
export async function guardDemoOwner(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const demo = await db.selectFrom('staff').select(['id', 'disabled_at']).where('email', '=', DEMO_STAFF.email).executeTakeFirst();
  if (!demo || demo.disabled_at) return;
  if (env.NODE_ENV === 'production') throw new Error(DEMO_OWNER_IN_PRODUCTION);
  if (env.KASRAT_DEV_TOOLS === '1') return;
  await db.updateTable('staff').set({ disabled_at: new Date() }).where('id', '=', demo.id).execute();
  await db.deleteFrom('staff_sessions').where('staff_id', '=', demo.id).execute();
}

/** The demo owner of the development tools (README "Operations console"); kept as it is when it exists. */
export async function ensureDemoOwner(db: Db): Promise<void> {
  const exists = await db.selectFrom('staff').select('id').where('email', '=', DEMO_STAFF.email).executeTakeFirst();
  if (exists) return;
  await createStaff(db, DEMO_STAFF, { demo: true }).catch((error: unknown) => {
    // Another instance seeded it first.
    if (!(error instanceof Conflict)) throw error;
  });
}

const TOTP_PERIOD_S = 30;

/**
 * A TOTP code of the demo owner that a sign-in will still accept, for the development tools only. A step is used
 * once (`totp_last_step`), so after a sign-in in this step the current code is refused as a replay; the next
 * step's code is inside the tolerance, and past that the tool waits for the step to come in reach.
 */
export async function demoOwnerCode(db: Db, now: () => number = Date.now): Promise<string | null> {
  const row = await db
    .selectFrom('staff')
    .select(['totp_secret', 'totp_last_step'])
    .where('email', '=', DEMO_STAFF.email)
    .executeTakeFirst();
  if (!row?.totp_secret) return null;
  const step = Math.max(Math.floor(now() / 1000 / TOTP_PERIOD_S), Number(row.totp_last_step) + 1);
  const reachableAt = (step * TOTP_PERIOD_S - TOTP_TOLERANCE_S) * 1000;
  if (reachableAt > now()) await new Promise((resolve) => setTimeout(resolve, reachableAt - now()));
  return generate({ secret: openTotp(row.totp_secret, DEMO_STAFF.email), epoch: step * TOTP_PERIOD_S });
}
