import type { Db } from '../../db/database.ts';
import type { VerifiedCallback } from '../../payments/index.ts';
import { PAY_ON_DELIVERY } from '../../../schemas/payment-rules.ts';
import { paidInstrumentColumn } from './money-back.ts';
import type { OrderRow, PaymentRow } from './queries.ts';

// The payment module's writes of an attempt that the finalize flow (server/flows/finalize-payment.ts) asks for:
// what a gateway said, and the attempt of pay on delivery. The flow holds no SQL of this module's tables.

/** What a gateway said is applied to the attempt: its status, its payment id, why it failed, the instrument used. */
export async function recordGatewayAnswer(
  trx: Db,
  payment: PaymentRow,
  cb: VerifiedCallback,
  finalizedAt: Date | null,
): Promise<PaymentRow> {
  return trx
    .updateTable('payments')
    .set({
      status: cb.status,
      gateway_payment_id: cb.gatewayPaymentId || payment.gateway_payment_id,
      failure_reason: cb.reason,
      finalized_at: finalizedAt,
      ...paidInstrumentColumn(cb),
    })
    .where('id', '=', payment.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Pay on delivery chosen: attempt number `attempt` of the order, pending until the courier collects. */
export async function insertPayOnDeliveryAttempt(trx: Db, order: OrderRow, attempt: number): Promise<PaymentRow> {
  return trx
    .insertInto('payments')
    .values({
      order_id: order.id,
      attempt,
      gateway: 'cod',
      method: PAY_ON_DELIVERY,
      instrument: null,
      amount: order.total,
      status: 'pending',
      gateway_order_ref: `${order.order_number}-${attempt}`,
      gateway_payment_id: null,
      failure_reason: null,
      finalized_at: null,
      bank_offer_id: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
