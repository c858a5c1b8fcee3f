import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';

// Sessions are rows (ARCHITECTURE.md "Growing past one machine"): the cookie holds a random token, the row id
// is its SHA-256, so a database leak does not leak usable cookies.
export const SESSION_COOKIE = 'ksid';
const SESSION_DAYS = 30;

export interface Session {
  id: string;
  customerId: number | null;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function readSession(db: Db, req: FastifyRequest): Promise<Session | null> {
  const token = req.cookies[SESSION_COOKIE];
  if (!token || token.length > 200) return null;
  const id = hashToken(token);
  const row = await db
    .selectFrom('sessions')
    .select(['id', 'customer_id'])
    .where('id', '=', id)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row ? { id: row.id, customerId: row.customer_id } : null;
}

/** Starts a signed-in session, rotating the id: any session the request carried is deleted first. */
export async function startSession(db: Db, req: FastifyRequest, reply: FastifyReply, customerId: number): Promise<Session> {
  const old = req.cookies[SESSION_COOKIE];
  if (old) await db.deleteFrom('sessions').where('id', '=', hashToken(old)).execute();
  const token = randomBytes(32).toString('base64url');
  const id = hashToken(token);
  const expires = new Date(Date.now() + SESSION_DAYS * 86_400_000);
  await db.insertInto('sessions').values({ id, customer_id: customerId, expires_at: expires }).execute();
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    expires,
  });
  req.sessionCache = { id, customerId };
  return { id, customerId };
}

export async function endSession(db: Db, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = req.cookies[SESSION_COOKIE];
  if (token) await db.deleteFrom('sessions').where('id', '=', hashToken(token)).execute();
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  req.sessionCache = null;
}
