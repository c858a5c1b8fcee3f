import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { checkoutRoutes } from '../../api/checkout/routes.ts';
import type { CheckoutDeps } from './service.ts';

// The checkout module's public surface: its routes, and what the payment module reuses.
export { allocateDiscount } from './cart-changes.ts';
export { CheckoutRuleError } from './errors.ts';
export { claimIdempotencyKey, hashRequest, type KeyClaim, pruneIdempotencyKeys, storeIdempotentAnswer } from './idempotency.ts';
export { findDeliveryAddress } from './queries.ts';
export { idempotencyKeyOf } from '../../api/checkout/routes.ts';
export type { CheckoutDeps, PlacedOrder } from './service.ts';

export async function checkoutModule(app: FastifyInstance, deps: CheckoutDeps & { db: Db }) {
  await app.register(checkoutRoutes, deps);
}
