import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { can, type Permission, type StaffRole } from '../../schemas/staff-rules.ts';
import { readOpsToken } from '../config.ts';
import { Forbidden, Unauthorized } from './errors.ts';

// Operations calls (shipment moves, review moderation, the funnel report, the operations console, the API document
// outside development) are for machines with `authorization: Bearer <OPS_TOKEN>` (docs/architecture.md "Data") or for
// staff signed in to the console whose role holds the call's permission (docs/decisions/019). This file is the one
// check; server/config.ts owns the token and the production rule, server/modules/staff the staff sessions (it sets
// `req.staff` before any route's own hooks run). Without OPS_TOKEN configured, only staff sessions open the calls.

export const OPS_REFUSED = 'This call is for staff: send a valid operations token.';
export const STAFF_FORBIDDEN = 'Your role does not allow this. Ask the store owner for access.';

/** A signed-in member of staff, as the staff module read them from their session row. */
export interface StaffPrincipal {
  id: number;
  email: string;
  role: StaffRole;
  sessionId: string;
}

/** Who made an operations call: the audit trail records a staff id, or "token" for machines. */
export type OpsActor = { kind: 'token' } | { kind: 'staff'; staff: StaffPrincipal };

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff session the request carries (server/modules/staff), or null. */
    staff: StaffPrincipal | null;
    /** Set by requireOps once the call is allowed. */
    opsActor: OpsActor | null;
  }
  interface FastifyContextConfig {
    /** The permission a staff call needs (schemas/staff-rules.ts); without it, OPS_ROUTE_PERMISSIONS or the owner. */
    opsPermission?: Permission;
  }
}

/**
 * Operations calls other modules register, and the permission each needs. The console's own calls declare theirs
 * in the route's `config.opsPermission`. A call named in neither place is for the owner only.
 */
export const OPS_ROUTE_PERMISSIONS: Readonly<Record<string, Permission>> = {
  'GET /api/ops/shipments/:shipmentId': 'orders:read',
  'POST /api/ops/shipments/:shipmentId/:action': 'orders:write',
  // Moving money is one permission (docs/decisions/019): a cancel of a paid shipment writes and pays a refund.
  'POST /api/ops/shipments/:shipmentId/cancel': 'refunds:write',
  'GET /api/ops/shipments/:shipmentId/invoice': 'orders:read',
  'GET /api/ops/variants/:variantId': 'catalogue:read',
  'GET /api/ops/payment-issues': 'orders:read',
  'POST /api/ops/payment-issues/:id/resolve': 'refunds:write',
  'POST /api/ops/refunds/retry': 'refunds:write',
  'POST /api/review/v1/ops/review-status': 'reviews:moderate',
  'GET /api/analytics/funnel': 'reports:read',
};

/** The permission a route needs, or 'owner' for an operations call nobody has classified. */
export function permissionFor(method: string, url: string | undefined, config?: { opsPermission?: Permission }): Permission | 'owner' {
  return config?.opsPermission ?? OPS_ROUTE_PERMISSIONS[`${method} ${url ?? ''}`] ?? 'owner';
}

/** Whether a route is an operations call: the staff module reads staff sessions only for these. */
export function isOpsRoute(method: string, url: string | undefined, config?: { opsPermission?: Permission }): boolean {
  return Boolean(config?.opsPermission) || `${method} ${url ?? ''}` in OPS_ROUTE_PERMISSIONS || (url ?? '').startsWith('/api/ops/');
}

const digest = (s: string) => createHash('sha256').update(s).digest();

export function isOps(req: FastifyRequest, token = readOpsToken()): boolean {
  const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]?.trim();
  if (!token || !given) return false;
  // Compared as fixed-length digests, in constant time: neither the token's length nor its content leaks.
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * The token, or a staff session whose role holds the call's permission. No token and no session: 401 (RFC 6750,
 * section 3.1: invalid_token), saying nothing more. A session without the permission: 403. Synchronous on purpose: a
 * caller that forgets `await` cannot let a call through.
 */
export function requireOps(req: FastifyRequest, token = readOpsToken()): void {
  if (isOps(req, token)) {
    req.opsActor = { kind: 'token' };
    return;
  }
  const staff = req.staff;
  if (!staff) throw new Unauthorized(OPS_REFUSED);
  const needed = permissionFor(req.method, req.routeOptions?.url, req.routeOptions?.config);
  if (needed === 'owner' ? staff.role !== 'owner' : !can(staff.role, needed)) throw new Forbidden(STAFF_FORBIDDEN);
  req.opsActor = { kind: 'staff', staff };
}

/**
 * A further permission one call needs for some of its inputs (receiving a return pays its refund, while the other
 * moves of the same call do not): the token passes, a staff session must hold it. Call after requireOps.
 */
export function requireStaffPermission(req: FastifyRequest, permission: Permission): void {
  const actor = req.opsActor;
  if (actor?.kind === 'token') return;
  if (!actor || !can(actor.staff.role, permission)) throw new Forbidden(STAFF_FORBIDDEN);
}
