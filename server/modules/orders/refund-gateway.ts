import { createHash } from 'node:crypto';
import type { PaymentGateway } from '../../payments/index.ts';

// Where refund money goes. Prepaid refunds go back to the original instrument through the payment gateway's
// adapter (server/payments/gateway.ts). Pay-on-delivery refunds are paid out to the shopper's saved bank account. Both are idempotent by key: the
// same key never moves money twice, so a refund whose processing is retried (a crash between the gateway's
// answer and our commit) is paid once.

/** The payment gateway adapter that took a payment refunds it (server/payments: refund, refundStatus, refundRefusal). */
export type RefundGateway = Pick<PaymentGateway, 'refund'> & Partial<Pick<PaymentGateway, 'refundStatus' | 'minRefund' | 'refundRefusal'>>;

export interface PayoutResult {
  refundId: string;
  status: 'processed' | 'pending' | 'failed';
  failureReason?: string;
}

export interface BankPayouts {
  /** false for a stand-in that moves no money (the sandbox): production sends those refunds to staff. */
  readonly movesMoney?: boolean;
  payout(input: {
    account: { account_holder: string; account_number: string; ifsc: string };
    amount: number;
    idempotencyKey: string;
  }): Promise<PayoutResult>;
}

const refId = (prefix: string, key: string) => `${prefix}_${createHash('sha256').update(key).digest('hex').slice(0, 20)}`;

/** The local sandbox payout: accepts every payout; the id follows from the key, so a repeat is the same payout. */
export const sandboxPayouts: BankPayouts = {
  movesMoney: false,
  async payout({ amount, idempotencyKey }) {
    if (amount <= 0) return { refundId: refId('sbx_pout', idempotencyKey), status: 'failed', failureReason: 'bad amount' };
    return { refundId: refId('sbx_pout', idempotencyKey), status: 'processed' };
  },
};
