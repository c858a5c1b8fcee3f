import { createHash } from 'node:crypto';

// Where refund money goes. Prepaid refunds go back to the original instrument through the payment gateway's
// adapter, with exactly the signature of the checkout's gateway interface:
//   refund({ payment, amount, idempotencyKey })
// Pay-on-delivery refunds are paid out to the shopper's saved bank account. Both are idempotent by key: the
// same key never moves money twice, so a refund whose processing is retried (a crash between the gateway's
// answer and our commit) is paid once.

export interface RefundablePayment {
  id: number;
  gateway: string;
  gateway_order_ref: string;
  gateway_payment_id: string | null;
  amount: number;
  method: number;
}

export interface GatewayRefundResult {
  refundId: string;
  status: 'processed' | 'pending' | 'failed';
  failureReason?: string;
}

export interface RefundGateway {
  refund(input: { payment: RefundablePayment; amount: number; idempotencyKey: string }): Promise<GatewayRefundResult>;
}

export interface BankPayouts {
  payout(input: {
    account: { account_holder: string; account_number: string; ifsc: string };
    amount: number;
    idempotencyKey: string;
  }): Promise<GatewayRefundResult>;
}

const refId = (prefix: string, key: string) => `${prefix}_${createHash('sha256').update(key).digest('hex').slice(0, 20)}`;

/** The local sandbox: accepts every refund and payout; the id follows from the key, so a repeat is the same refund. */
export const sandboxRefunds: RefundGateway = {
  async refund({ payment, amount, idempotencyKey }) {
    if (amount <= 0 || amount > payment.amount)
      return { refundId: refId('sbx_rfnd', idempotencyKey), status: 'failed', failureReason: 'bad amount' };
    return { refundId: refId('sbx_rfnd', idempotencyKey), status: 'processed' };
  },
};

export const sandboxPayouts: BankPayouts = {
  async payout({ amount, idempotencyKey }) {
    if (amount <= 0) return { refundId: refId('sbx_pout', idempotencyKey), status: 'failed', failureReason: 'bad amount' };
    return { refundId: refId('sbx_pout', idempotencyKey), status: 'processed' };
  },
};
