import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { parse } from '../../http/validate.ts';
import { requireCustomer, requireCustomerId } from '../session/index.ts';
import { readCartCookie } from '../cart/index.ts';
import { type CheckoutDeps, deliverHere, orderDetails, placeOrder } from './service.ts';

// POST /api/select-address/deliver-here and /api/order-confirmation (SPEC §7). HTTP only: parse, call, answer.

/** The Idempotency-Key header, validated when present. */
export function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  return parse(IdempotencyKeySchema, Array.isArray(raw) ? raw[0] : raw);
}

export async function checkoutRoutes(app: FastifyInstance, deps: CheckoutDeps & { db: Db }) {
  const { db } = deps;

  app.post(
    '/api/select-address/deliver-here',
    { schema: { body: DeliverHereRequest, response: { 200: DeliverHereResponse } } },
    async (req) => {
      const body = parse(DeliverHereRequest, req.body);
      const customer = await requireCustomer(db, req);
      return ok(await deliverHere(db, customer.id, readCartCookie(req), body.address_id), 'Delivering to this address');
    },
  );

  app.get(
    '/api/order-confirmation/order-details',
    { schema: { querystring: OrderDetailsQuery, response: { 200: OrderDetailsResponse } } },
    async (req) => {
      const query = parse(OrderDetailsQuery, req.query);
      const customer = await requireCustomer(db, req);
      return ok(await orderDetails(db, customer.id, readCartCookie(req), query.quote));
    },
  );

  // SPEC §7 names a GET; it changes state, so it takes an Idempotency-Key like its POST twin in /api/payment.
  app.get(
    '/api/order-confirmation/place-order',
    { schema: { querystring: PlaceOrderQuery, response: { 200: PlaceOrderResponse } } },
    async (req) => {
      const query = parse(PlaceOrderQuery, req.query);
      const key = idempotencyKeyOf(req);
      // placeOrder locks the customer row and refuses a blocked customer itself.
      const customerId = await requireCustomerId(req);
      const answer = await placeOrder(deps, {
        customerId,
        cookieCartId: readCartCookie(req),
        quote: query.quote,
        idempotencyKey: key,
      });
      return ok(answer, 'Order placed. Please complete the payment.');
    },
  );
}
