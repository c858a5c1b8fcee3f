import type { Db } from '../../db/database.ts';
import { NotFound } from '../../http/errors.ts';
import { createGateway, type GatewayPayment, type PaymentGateway, readPaymentConfig, type RefundResult } from '../../payments/index.ts';

// The configured gateway adapter, one per database handle: the payment module creates it (or is handed one by
// a test) when it registers, and every other module asks for that same adapter here, so a refund from the
// orders module goes through the gateway that took the money (docs/decisions/006-gateway-adapters.md).

const adapters = new WeakMap<Db, PaymentGateway>();

/** Called by the payment module at registration: this is the adapter for `db` from now on. */
export function keepGateway(db: Db, gateway: PaymentGateway): PaymentGateway {
  adapters.set(db, gateway);
  return gateway;
}

/**
 * The adapter the payment module uses for this database (created from PAYMENT_GATEWAY on first use when the
 * module has not registered, e.g. in a script). Pass the application's handle, never a transaction: gateway
 * calls happen outside transactions.
 */
export function paymentGateway(db: Db): PaymentGateway {
  const known = adapters.get(db);
  if (known) return known;
  if (db.isTransaction) throw new Error('paymentGateway(db) takes the database handle, not a transaction');
  return keepGateway(db, createGateway(readPaymentConfig(), { db }));
}

/** A stored payment attempt as the adapter sees it, with the gateway that took it; undefined when there is none. */
export async function findGatewayPayment(db: Db, paymentId: number): Promise<{ gateway: string; payment: GatewayPayment } | undefined> {
  const row = await db
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .select([
      'p.gateway',
      'p.gateway_order_ref',
      'p.gateway_payment_id',
      'p.amount',
      'p.method',
      'p.instrument',
      'o.order_number',
      'o.customer_id',
      'c.email',
      'c.mobile',
    ])
    .where('p.id', '=', paymentId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    gateway: row.gateway,
    payment: {
      ref: row.gateway_order_ref,
      orderId: row.order_number,
      amount: row.amount,
      method: row.method,
      instrument: row.instrument,
      customer: { id: row.customer_id, email: row.email, mobile: row.mobile },
      gatewayPaymentId: row.gateway_payment_id,
    },
  };
}

/** A stored payment attempt as the adapter sees it. */
export async function gatewayPaymentOf(db: Db, paymentId: number): Promise<GatewayPayment> {
  const found = await findGatewayPayment(db, paymentId);
  if (!found) throw new NotFound('Payment not found');
  return found.payment;
}

/**
 * Refunds part or all of a successful payment through the configured gateway. The same idempotencyKey refunds
 * once (the adapters pass it to the gateway; the sandbox keys payment_refunds on it). Call outside transactions.
 */
export async function refundPayment(db: Db, input: { paymentId: number; amount: number; idempotencyKey: string }): Promise<RefundResult> {
  const payment = await gatewayPaymentOf(db, input.paymentId);
  if (!Number.isInteger(input.amount) || input.amount <= 0 || input.amount > payment.amount)
    throw new RangeError(`refund amount must be 1..${payment.amount} paise`);
  return paymentGateway(db).refund({ payment, amount: input.amount, idempotencyKey: input.idempotencyKey });
}
