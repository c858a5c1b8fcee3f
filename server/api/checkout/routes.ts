import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import {
  DeliverHereRequest,
  DeliverHereResponse,
  IDEMPOTENCY_HEADER,
  IdempotencyKeySchema,
  OrderDetailsQuery,
  OrderDetailsResponse,
  PlaceOrderQuery,
  PlaceOrderResponse,
} from '../../../schemas/order.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { Forbidden } from '../../http/errors.ts';
import { CROSS_SITE_REFUSED } from '../../http/security.ts';
import { parse } from '../../http/validate.ts';
import { deferredSession, requireCustomer } from '../../modules/session/index.ts';
import { readCartCookie } from '../../modules/cart/index.ts';
import { placeOrder } from '../../flows/place-order.ts';
import { type CheckoutDeps, deliverHere, orderDetails } from '../../modules/checkout/service.ts';

// POST /api/select-address/deliver-here and /api/order-confirmation (SPEC §7). HTTP only: parse, call, answer.

/**
 * A GET that places an order must be the store's own script calling it (README "Security"): a link or a form
 * on another site makes a top-level navigation, which carries the SameSite=Lax cookie. Browsers say so in
 * Sec-Fetch-Site and Sec-Fetch-Mode; a client without them (an older browser, a script) must send the
 * Idempotency-Key header, which no navigation and no cross-site request without a CORS preflight can carry.
 */
export function assertOwnCall(req: FastifyRequest): void {
  const header = (name: string) => {
    const v = req.headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const site = header('sec-fetch-site');
  const mode = header('sec-fetch-mode');
  const dest = header('sec-fetch-dest');
  const navigation = mode === 'navigate' || dest === 'document' || dest === 'iframe' || dest === 'frame';
  if (site ? site !== 'same-origin' || navigation : navigation || !header(IDEMPOTENCY_HEADER)) throw new Forbidden(CROSS_SITE_REFUSED);
}

/** The Idempotency-Key header, validated when present. */
export function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  return parse(IdempotencyKeySchema, Array.isArray(raw) ? raw[0] : raw);
}

export async function checkoutRoutes(root: FastifyInstance, deps: CheckoutDeps & { db: Db }) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  const { db } = deps;

  app.post(
    '/api/select-address/deliver-here',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Choose the delivery address for checkout',
        operationId: 'deliverHere',
        body: DeliverHereRequest,
        response: { 200: DeliverHereResponse },
      },
    },
    async (req) => {
      const body = req.body;
      const customer = await requireCustomer(db, req);
      return ok(await deliverHere(db, customer.id, readCartCookie(req), body.address_id), 'Delivering to this address');
    },
  );

  app.get(
    '/api/order-confirmation/order-details',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'The order summary before placing the order',
        operationId: 'getOrderConfirmation',
        querystring: OrderDetailsQuery,
        response: { 200: OrderDetailsResponse },
      },
    },
    async (req) => {
      const query = req.query;
      const customer = await requireCustomer(db, req);
      return ok(await orderDetails(db, customer.id, readCartCookie(req), query.quote));
    },
  );

  // SPEC §7 names a GET; it changes state, so it takes an Idempotency-Key like its POST twin in /api/payment.
  app.get(
    '/api/order-confirmation/place-order',
    {
      // The order's first statement checks the session (deferredSession): one round trip less per order.
      config: { access: 'customer', sessionInStatement: true },
      schema: {
        summary: 'Place the order from the confirmation page',
        operationId: 'placeOrderFromConfirmation',
        querystring: PlaceOrderQuery,
        response: { 200: PlaceOrderResponse },
      },
      // A call from another site is refused before its query is validated (docs/decisions/025).
      preValidation: async (req) => assertOwnCall(req),
    },
    async (req) => {
      const query = req.query;
      const key = idempotencyKeyOf(req);
      const cookieCartId = readCartCookie(req);
      const session = deferredSession(req);
      // placeOrder locks the customer row and refuses a blocked customer itself. A guest cart joins a known
      // customer, so with one the session is read first, as on every other customer route.
      const placing = cookieCartId ? { customerId: session.settle((await req.getSession())?.customerId ?? null) } : { session };
      const answer = await placeOrder(deps, { ...placing, cookieCartId, quote: query.quote, idempotencyKey: key });
      return ok(answer, 'Order placed. Please complete the payment.');
    },
  );
}
