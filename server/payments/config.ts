import { z } from 'zod';
import { GatewayName } from '../../schemas/payment.ts';

// Payment and checkout settings, read once at start-up. Development secrets have defaults so the
// sandbox works out of the box; production refuses to start with any of them (a known secret forges callbacks).
const DEV_SANDBOX_SECRET = 'kasrat-development-sandbox-gateway-secret';
const DEV_PAYTM_KEY = 'kasratdevkey0001';
const DEV_JUSPAY_KEY = 'kasrat-development-juspay-response-key';
const DEV_PAYTM_MID = 'KASRATDEV0000001';
const DEV_JUSPAY_API_KEY = 'kasrat-development-juspay-api-key';
const DEV_JUSPAY_WEBHOOK_PASSWORD = 'kasrat-development-juspay-webhook';
const PAYTM_STAGING_HOST = 'https://securegw-stage.paytm.in';
/** Paytm's staging hosts: the older paytm.in one and the paytmpayments.com one its current documentation names. */
const PAYTM_STAGING_HOSTS = new Set(['securegw-stage.paytm.in', 'securestage.paytmpayments.com']);
const PAYTM_STAGING_WEBSITE = 'WEBSTAGING';
const JUSPAY_SANDBOX_URL = 'https://sandbox.juspay.in';

const PaymentEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PAYMENT_GATEWAY: GatewayName.default('sandbox'),
  /** HMAC key of the sandbox gateway's callbacks. */
  SANDBOX_GATEWAY_SECRET: z.string().min(16).default(DEV_SANDBOX_SECRET),
  /** A sandbox payment left "pending" settles as a success when checked this many seconds later. */
  SANDBOX_PENDING_SETTLE_S: z.coerce.number().int().min(0).max(86_400).default(20),
  PAYTM_MID: z.string().min(1).default(DEV_PAYTM_MID),
  /** Paytm's merchant key: 16 bytes (AES-128). */
  PAYTM_MERCHANT_KEY: z.string().length(16, 'must be 16 characters').default(DEV_PAYTM_KEY),
  /** Paytm's API host: staging by default; production uses https://securegw.paytm.in. */
  PAYTM_HOST: z.string().url().default(PAYTM_STAGING_HOST),
  /**
   * The website name Paytm assigns to the merchant account (staging: WEBSTAGING). Initiate Transaction takes no
   * industry type: Paytm keeps it on the merchant account, where the legacy form's INDUSTRY_TYPE_ID came from.
   */
  PAYTM_WEBSITE: z.string().min(1).max(50).default(PAYTM_STAGING_WEBSITE),
  JUSPAY_MERCHANT_ID: z.string().min(1).default('kasrat'),
  /** The payment page's client id (`payment_page_client_id` of a session); unset: the merchant id, as for most accounts. */
  JUSPAY_CLIENT_ID: z.string().min(1).max(100).optional(),
  JUSPAY_API_KEY: z.string().min(1).default(DEV_JUSPAY_API_KEY),
  /** The key Juspay signs return URLs with (the "response key" of the dashboard). */
  JUSPAY_RESPONSE_KEY: z.string().min(16).default(DEV_JUSPAY_KEY),
  JUSPAY_BASE_URL: z.string().url().default(JUSPAY_SANDBOX_URL),
  /** The Basic credentials Juspay's dashboard sends with every webhook. */
  JUSPAY_WEBHOOK_USERNAME: z.string().min(1).default('kasrat'),
  JUSPAY_WEBHOOK_PASSWORD: z.string().min(16).default(DEV_JUSPAY_WEBHOOK_PASSWORD),
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

/** A gateway's test host (Paytm's securegw-stage or securestage, Juspay's sandbox), or one that is not HTTPS. */
function isStagingHost(url: string): boolean {
  const u = new URL(url);
  return (
    u.protocol !== 'https:' ||
    PAYTM_STAGING_HOSTS.has(u.hostname.toLowerCase()) ||
    /(^|[.-])(stage|staging|sandbox|test)([.-]|$)/i.test(u.hostname)
  );
}

export function readPaymentConfig(env: NodeJS.ProcessEnv = process.env): PaymentConfig {
  const parsed = PaymentEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid payment configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.COD_MIN_PAISE > c.COD_MAX_PAISE) throw new Error('Invalid payment configuration:\n  COD_MIN_PAISE: must not exceed COD_MAX_PAISE');
  // The development keys are published with the source: whoever has them can sign a "paid" callback. A real
  // gateway is never run with them, whatever NODE_ENV says (README "Configuration", payments).
  const published: string[] = [];
  if (c.PAYMENT_GATEWAY === 'paytm' && c.PAYTM_MERCHANT_KEY === DEV_PAYTM_KEY) published.push('PAYTM_MERCHANT_KEY');
  if (c.PAYMENT_GATEWAY === 'juspay') {
    if (c.JUSPAY_RESPONSE_KEY === DEV_JUSPAY_KEY) published.push('JUSPAY_RESPONSE_KEY');
    if (c.JUSPAY_WEBHOOK_PASSWORD === DEV_JUSPAY_WEBHOOK_PASSWORD) published.push('JUSPAY_WEBHOOK_PASSWORD');
  }
  if (published.length)
    throw new Error(`Invalid payment configuration: ${published.join(', ')} must not be the published development value`);
  if (c.NODE_ENV === 'production') {
    const defaults: string[] = [];
    if (c.PAYMENT_GATEWAY === 'sandbox') defaults.push('PAYMENT_GATEWAY (sandbox takes no money)');
    // The sandbox secret signs only the sandbox's callbacks, which answer 404 under any other gateway.
    if (c.PAYMENT_GATEWAY === 'sandbox' && c.SANDBOX_GATEWAY_SECRET === DEV_SANDBOX_SECRET) defaults.push('SANDBOX_GATEWAY_SECRET');
    // Staging hosts and ids take no money: a production store on them would place orders nobody paid for.
    if (c.PAYMENT_GATEWAY === 'paytm') {
      if (c.PAYTM_MID === DEV_PAYTM_MID) defaults.push('PAYTM_MID');
      if (isStagingHost(c.PAYTM_HOST)) defaults.push('PAYTM_HOST (staging)');
      if (c.PAYTM_WEBSITE === PAYTM_STAGING_WEBSITE) defaults.push('PAYTM_WEBSITE (staging)');
    }
    if (c.PAYMENT_GATEWAY === 'juspay') {
      if (c.JUSPAY_API_KEY === DEV_JUSPAY_API_KEY) defaults.push('JUSPAY_API_KEY');
      if (isStagingHost(c.JUSPAY_BASE_URL)) defaults.push('JUSPAY_BASE_URL (sandbox)');
    }
    if (defaults.length) throw new Error(`Invalid payment configuration: production needs real settings for ${defaults.join(', ')}`);
  }
  return c;
}
