import { z } from 'zod';
import { GatewayName } from '../../schemas/payment.ts';

// Payment and checkout settings, read once at start-up (STYLE §12). Development secrets have defaults so the
// sandbox works out of the box; production refuses to start with any of them (a known secret forges callbacks).
const DEV_SANDBOX_SECRET = 'kasrat-development-sandbox-gateway-secret';
const DEV_PAYTM_KEY = 'kasratdevkey0001';
const DEV_JUSPAY_KEY = 'kasrat-development-juspay-response-key';

const PaymentEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PAYMENT_GATEWAY: GatewayName.default('sandbox'),
  /** HMAC key of the sandbox gateway's callbacks. */
  SANDBOX_GATEWAY_SECRET: z.string().min(16).default(DEV_SANDBOX_SECRET),
  /** A sandbox payment left "pending" settles as a success when checked this many seconds later. */
  SANDBOX_PENDING_SETTLE_S: z.coerce.number().int().min(0).max(86_400).default(20),
  PAYTM_MID: z.string().min(1).default('KASRATDEV0000001'),
  /** Paytm's merchant key: 16 bytes (AES-128). */
  PAYTM_MERCHANT_KEY: z.string().length(16, 'must be 16 characters').default(DEV_PAYTM_KEY),
  PAYTM_HOSTED_URL: z.string().url().default('https://securegw-stage.paytm.in/theia/processTransaction'),
  PAYTM_STATUS_URL: z.string().url().default('https://securegw-stage.paytm.in/v3/order/status'),
  PAYTM_REFUND_URL: z.string().url().default('https://securegw-stage.paytm.in/refund/apply'),
  JUSPAY_MERCHANT_ID: z.string().min(1).default('kasrat'),
  JUSPAY_API_KEY: z.string().min(1).default('kasrat-development-juspay-api-key'),
  /** The key Juspay signs return URLs with (the "response key" of the dashboard). */
  JUSPAY_RESPONSE_KEY: z.string().min(16).default(DEV_JUSPAY_KEY),
  JUSPAY_BASE_URL: z.string().url().default('https://sandbox.juspay.in'),
  /** How long a placed order waits for payment before its stock is released. */
  ORDER_PAYMENT_TTL_S: z.coerce.number().int().min(60).max(86_400).default(900),
  /** How often each instance looks for expired orders (one instance handles each order: SKIP LOCKED). */
  ORDER_EXPIRY_INTERVAL_S: z.coerce.number().int().min(1).max(3_600).default(60),
  /** Pay on delivery is offered for order values in [COD_MIN_PAISE, COD_MAX_PAISE]. */
  COD_MIN_PAISE: z.coerce.number().int().min(0).default(29_900),
  COD_MAX_PAISE: z.coerce.number().int().min(1).default(1_000_000),
  /** Origin the gateways send shoppers back to; empty = the request's own origin. */
  PUBLIC_ORIGIN: z.string().default(''),
});
export type PaymentConfig = z.infer<typeof PaymentEnv>;

export function readPaymentConfig(env: NodeJS.ProcessEnv = process.env): PaymentConfig {
  const parsed = PaymentEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid payment configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.COD_MIN_PAISE > c.COD_MAX_PAISE) throw new Error('Invalid payment configuration:\n  COD_MIN_PAISE: must not exceed COD_MAX_PAISE');
  if (c.NODE_ENV === 'production') {
    const defaults: string[] = [];
    if (c.PAYMENT_GATEWAY === 'sandbox') defaults.push('PAYMENT_GATEWAY (sandbox takes no money)');
    // The sandbox secret signs only the sandbox's callbacks, which answer 404 under any other gateway.
    if (c.PAYMENT_GATEWAY === 'sandbox' && c.SANDBOX_GATEWAY_SECRET === DEV_SANDBOX_SECRET) defaults.push('SANDBOX_GATEWAY_SECRET');
    if (c.PAYMENT_GATEWAY === 'paytm' && c.PAYTM_MERCHANT_KEY === DEV_PAYTM_KEY) defaults.push('PAYTM_MERCHANT_KEY');
    if (c.PAYMENT_GATEWAY === 'juspay' && c.JUSPAY_RESPONSE_KEY === DEV_JUSPAY_KEY) defaults.push('JUSPAY_RESPONSE_KEY');
    if (defaults.length) throw new Error(`Invalid payment configuration: production needs real settings for ${defaults.join(', ')}`);
  }
  return c;
}
