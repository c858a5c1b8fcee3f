import { formatIndiaDateTime } from '../../../schemas/dates.ts';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { Unauthorized } from '../../http/errors.ts';
import { secureCookies } from '../../http/security.ts';
import { type CustomerRow, findCustomerById } from '../customers/index.ts';
import { deleteCustomerSessions, deleteSession, findLiveSession, insertSession, type SessionCheck } from './queries.ts';

// Sessions are rows: the cookie holds a random token, the row id is its SHA-256, so a database leak does not
// leak usable cookies. A session ends after 30 days, or after SESSION_IDLE_HOURS without use.
export const SESSION_COOKIE = 'ksid';
const SESSION_DAYS = 30;
/** last_seen_at is written at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 60_000;

export interface Session {
  id: string;
  customerId: number | null;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
let idleMs = 72 * 3_600_000;
/** Set once at start-up from SESSION_IDLE_HOURS (readAuthConfig). */
export function configureSessions(options: { idleHours: number }): void {
  idleMs = options.idleHours * 3_600_000;
}

export async function readSession(db: Db, req: FastifyRequest): Promise<Session | null> {
  const check = sessionCheckOf(req);
  if (!check) return null;
  const row = await findLiveSession(db, check);
  if (!row) return null;
  return { id: row.id, customerId: row.customer_id };
}

/** How the request's session is checked (liveSessionCtes); null when it carries no session cookie. */
export function sessionCheckOf(req: FastifyRequest): SessionCheck | null {
  const token = req.cookies[SESSION_COOKIE];
  if (!token || token.length > 200) return null;
  const now = Date.now();
  return { id: hashToken(token), idleSince: new Date(now - idleMs), touchBefore: new Date(now - TOUCH_EVERY_MS), now: new Date(now) };
}

/** Starts a signed-in session, rotating the id: any session the request carried is deleted first. */
export async function startSession(db: Db, req: FastifyRequest, reply: FastifyReply, customerId: number): Promise<Session> {
  const old = req.cookies[SESSION_COOKIE];
  if (old) await deleteSession(db, hashToken(old));
  const token = randomBytes(32).toString('base64url');
  const id = hashToken(token);
  const expires = new Date(Date.now() + SESSION_DAYS * 86_400_000);
  await insertSession(db, id, customerId, expires);
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookies(req), expires });
  req.sessionCache = { id, customerId };
  return { id, customerId };
}

export async function endSession(db: Db, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = req.cookies[SESSION_COOKIE];
  if (token) await deleteSession(db, hashToken(token));
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  req.sessionCache = null;
}

/**
 * After a change of who can sign in (email, mobile, Google link, password): every session of the account ends,
 * and this request, when it is the customer's own, continues in a fresh one.
 */
export async function endAllSessions(db: Db, req: FastifyRequest, reply: FastifyReply, customerId: number): Promise<void> {
  await deleteCustomerSessions(db, customerId);
  const current = await req.getSession().catch(() => null);
  req.sessionCache = null;
  if (current?.customerId === customerId) await startSession(db, req, reply, customerId);
}

/** The one check of every customer route: a live session of a customer who is neither blocked nor frozen, or a 401. */
export async function requireCustomer(db: Db, req: FastifyRequest, message?: string): Promise<CustomerRow> {
  const session = await req.getSession();
  const customer = session?.customerId ? await findCustomerById(db, session.customerId) : undefined;
  if (!customer || customer.is_blocked || customer.frozen_at) throw new Unauthorized(message);
  return customer;
}

/** 'DD-MM-YYYY HH:mm:ss' in India time (SPEC §3 last_order). */
export function formatLastOrder(date: Date | null): string | null {
  return date ? formatIndiaDateTime(date) : null;
}
