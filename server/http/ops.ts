import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { readOpsToken } from '../config.ts';
import { Unauthorized } from './errors.ts';

// Operations calls (shipment moves, review moderation, the funnel report, the API document outside development)
// authenticate with `authorization: Bearer <OPS_TOKEN>` (ARCHITECTURE.md "Data"). This file is the one check;
// server/config.ts owns the token and the production rule. Without OPS_TOKEN configured the calls are closed.

export const OPS_REFUSED = 'This call is for staff: send a valid operations token.';

const digest = (s: string) => createHash('sha256').update(s).digest();

export function isOps(req: FastifyRequest, token = readOpsToken()): boolean {
  const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]?.trim();
  if (!token || !given) return false;
  // Compared as fixed-length digests, in constant time: neither the token's length nor its content leaks.
  return timingSafeEqual(digest(given), digest(token));
}

/** A missing, wrong or unconfigured token is one answer, 401 (RFC 6750 §3.1: invalid_token), saying nothing more. */
export function requireOps(req: FastifyRequest, token = readOpsToken()): void {
  if (!isOps(req, token)) throw new Unauthorized(OPS_REFUSED);
}
