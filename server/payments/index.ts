import type { Db } from '../db/database.ts';
import type { PaymentConfig } from './config.ts';
import type { PaymentGateway } from './gateway.ts';
import { createJuspayGateway } from './juspay.ts';
import { createPaytmGateway } from './paytm.ts';
import { createSandboxGateway } from './sandbox.ts';

// The gateway adapters' public surface; the adapter is chosen by PAYMENT_GATEWAY.
export { type PaymentConfig, readPaymentConfig } from './config.ts';
export type {
  CallbackCheck,
  GatewayCard,
  GatewayName,
  GatewayPayment,
  PaidInstrument,
  PaymentGateway,
  RefundResult,
  VaultCustomer,
  VerifiedCallback,
  WebhookInput,
} from './gateway.ts';
export { gatewayRefundId, safeEqual } from './signing.ts';
export { createJuspayGateway, JUSPAY_RETURN_PATH, JUSPAY_WEBHOOK_PATH, juspayReturnSignature } from './juspay.ts';
export { createPaytmGateway, PAYTM_CALLBACK_PATH, PAYTM_WEBHOOK_PATH, paytmPaymentPage, verifyPaytmChecksum } from './paytm.ts';
export {
  SANDBOX_BANKS,
  SANDBOX_CALLBACK_PATH,
  SANDBOX_CHECKOUT_PATH,
  SANDBOX_PAY_PATH,
  SANDBOX_TEST_CARDS,
  cardNetworkOf,
  sandboxInstrumentText,
  sandboxPageSignature,
  sandboxSavedCard,
  signSandboxCallback,
} from './sandbox.ts';

export function createGateway(config: PaymentConfig, deps: { db: Db; fetch?: typeof fetch }): PaymentGateway {
  switch (config.PAYMENT_GATEWAY) {
    case 'paytm':
      return createPaytmGateway(config, deps);
    case 'juspay':
      return createJuspayGateway(config, deps);
    default:
      return createSandboxGateway({ db: deps.db, secret: config.SANDBOX_GATEWAY_SECRET, pendingSettleS: config.SANDBOX_PENDING_SETTLE_S });
  }
}

/**
 * What the store's CSP must allow for the configured gateway's hand-off, and nothing more (README "Security"):
 * Paytm's hosted page takes a form post from the shopper's browser (form-action); Juspay's is a plain navigation
 * and the sandbox's a page of this site, which no directive restricts. A gateway whose checkout loads its own
 * script names that script's origin in `scriptSrc`.
 */
export function gatewayCspSources(config: PaymentConfig): { formAction: string[]; scriptSrc: string[] } {
  // The txnToken form posts to showPaymentPage on the configured Paytm host.
  if (config.PAYMENT_GATEWAY === 'paytm') return { formAction: [new URL(config.PAYTM_HOST).origin], scriptSrc: [] };
  return { formAction: [], scriptSrc: [] };
}
