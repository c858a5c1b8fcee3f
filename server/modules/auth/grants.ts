import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { secureCookies } from '../../http/security.ts';
import { GRANT_TTL_MS } from './config.ts';

// A grant is a short-lived proof held in an httpOnly cookie, for the steps of SPEC §4 that span calls:
// password_reset (forgot-password OTP verified → PUT /password) and pending_profile (signed in by password,
// OTP or Google but no mobile yet → PROFILE_UPDATE). Only the token's hash is stored.

// google_nonce: the nonce a Google sign-in started in this browser must carry back in its id_token, so a token
// obtained elsewhere cannot be replayed here.
export type GrantKind = 'password_reset' | 'pending_profile' | 'google_nonce';
const COOKIE: Record<GrantKind, string> = { password_reset: 'k_reset', pending_profile: 'k_pending', google_nonce: 'k_gnonce' };
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueGrant(
  db: Db,
  reply: FastifyReply,
  req: FastifyRequest,
  kind: GrantKind,
  customerId: number | null,
  identifier: string,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('auth_grants')
    .values({
      token_hash: hash(token),
      kind,
      customer_id: customerId,
      identifier,
      expires_at: new Date(Date.now() + GRANT_TTL_MS),
      used_at: null,
    })
    .execute();
  reply.setCookie(COOKIE[kind], token, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'strict',
    secure: secureCookies(req),
    maxAge: GRANT_TTL_MS / 1000,
  });
  return hash(token);
}

export async function readGrant(
  db: Db,
  req: FastifyRequest,
  kind: GrantKind,
): Promise<{ customerId: number | null; identifier: string; tokenHash: string } | null> {
  const token = req.cookies[COOKIE[kind]];
  if (!token || token.length > 100) return null;
  const row = await db
    .selectFrom('auth_grants')
    .select(['token_hash', 'customer_id', 'identifier'])
    .where('token_hash', '=', hash(token))
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row ? { customerId: row.customer_id, identifier: row.identifier, tokenHash: row.token_hash } : null;
}

/** Uses a grant once; false when another request used it first. */
export async function consumeGrant(db: Db, reply: FastifyReply, kind: GrantKind, tokenHash: string): Promise<boolean> {
  const res = await db
    .updateTable('auth_grants')
    .set({ used_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  reply.clearCookie(COOKIE[kind], { path: '/api/auth' });
  return Number(res.numUpdatedRows ?? 0) === 1;
}

export async function pruneGrants(db: Db): Promise<void> {
  await db
    .deleteFrom('auth_grants')
    .where('expires_at', '<', new Date(Date.now() - 86_400_000))
    .execute();
}

/**
 * The account module's proof that the owner is present on a session (server/modules/account/owner.ts), kept as
 * a grant keyed on the session: a fresh proof replaces the last one.
 */
export async function replaceOwnerProofGrant(db: Db, tokenHash: string, customerId: number, expiresAt: Date): Promise<void> {
  await deleteGrant(db, tokenHash);
  await db
    .insertInto('auth_grants')
    .values({
      token_hash: tokenHash,
      kind: 'owner_proof',
      customer_id: customerId,
      identifier: 'session',
      expires_at: expiresAt,
      used_at: null,
    })
    .execute();
}

export async function deleteGrant(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('auth_grants').where('token_hash', '=', tokenHash).execute();
}
