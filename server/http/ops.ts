import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { Forbidden, Unauthorized } from './errors.ts';

// Operations calls (funnel report, staff tools) authenticate with `authorization: Bearer <OPS_TOKEN>`
// (ARCHITECTURE.md). Without OPS_TOKEN configured (development) they are closed, not open.

const digest = (s: string) => createHash('sha256').update(s).digest();

export function isOps(req: FastifyRequest, token = process.env.OPS_TOKEN ?? ''): boolean {
  const header = req.headers.authorization;
  if (!token || typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  // Compared as fixed-length digests, in constant time.
  return timingSafeEqual(digest(header.slice(7).trim()), digest(token));
}

export function requireOps(req: FastifyRequest): void {
  if (isOps(req)) return;
  if (!req.headers.authorization) throw new Unauthorized('This report is for staff: send the operations token.');
  throw new Forbidden('The operations token is not valid.');
}
