import { SandboxCallbackRequest } from '../../schemas/payment.ts';
import type { Db } from '../db/database.ts';
import type {
  CallbackCheck,
  GatewayCard,
  GatewayPayment,
  PaidInstrument,
  PaymentGateway,
  RefundResult,
  VerifiedCallback,
} from './gateway.ts';
import { hmacHex, safeEqual } from './signing.ts';

// The local sandbox gateway (docs/architecture.md "Payments"): a hosted page served by the app where the shopper
// picks success, failure or pending; each choice posts back a form signed with HMAC-SHA256, exactly as a real
// gateway's callback would. Refunds succeed at once and are recorded in payment_refunds.

export const SANDBOX_CHECKOUT_PATH = '/api/payment/sandbox/checkout';
export const SANDBOX_CALLBACK_PATH = '/api/payment/sandbox/callback';
/** Where the hosted page's "pay" form goes: the sandbox, as a gateway, records what was used and signs it. */
export const SANDBOX_PAY_PATH = '/api/payment/sandbox/pay';

/** Test cards the sandbox accepts (number → bank), as gateways publish test cards; the first six digits are the prefix. */
export const SANDBOX_TEST_CARDS: Record<string, string> = {
  '4854460000000003': 'HDFC Bank',
  '5228520000000004': 'HDFC Bank',
  '4111111111111111': 'State Bank of India',
  '5555555555554444': 'Axis Bank',
  '6521530000000009': 'State Bank of India',
  '378282246310005': 'American Express',
};

/** The card network of a number, by its leading digits (the four networks the store accepts: SPEC §1). */
export function cardNetworkOf(digits: string): GatewayCard['network'] | null {
  if (/^4/.test(digits)) return 'VISA';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'MasterCard';
  if (/^3[47]/.test(digits)) return 'Amex';
  if (/^(60|65|81|82|508)/.test(digits)) return 'RuPay';
  return null;
}

/**
 * The sandbox vault's token for a customer's card: derived from the secret, the customer and the number, so the
 * same card saved twice is one token, and no card number is kept anywhere (docs/decisions/024-saved-cards.md).
 */
export const sandboxCardToken = (secret: string, customerId: number, digits: string) =>
  `sbx_card_${hmacHex(secret, `card|${customerId}|${digits}`).slice(0, 24)}`;

/** "MM/YY" or "MM/YYYY" → { month, year } when it is a month that exists; else null. */
export function parseCardExpiry(text: string | undefined): { month: number; year: number } | null {
  const m = /^\s*(0[1-9]|1[0-2])\s*\/\s*(\d{2}|20\d{2})\s*$/.exec(text ?? '');
  if (!m) return null;
  const year = (m[2] as string).length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return { month: Number(m[1]), year };
}
export const SANDBOX_BANKS = ['HDFC Bank', 'ICICI Bank', 'State Bank of India', 'Axis Bank', 'Kotak Mahindra Bank'] as const;
const VPA = /^[A-Za-z0-9._-]{2,25}@[A-Za-z]{2,9}$/;

/**
 * What the shopper used on the hosted page, as the text signed into the callback ("card:485446",
 * "netbanking:ICICI Bank", "upi:name@okaxis", "wallet"); null when the entry is not a test instrument.
 */
export function sandboxInstrumentText(type: string, entry: { card_number?: string; bank?: string; vpa?: string }): string | null {
  if (type === 'card') {
    const digits = (entry.card_number ?? '').replace(/[\s-]/g, '');
    return SANDBOX_TEST_CARDS[digits] ? `card:${digits.slice(0, 6)}` : null;
  }
  if (type === 'netbanking') return SANDBOX_BANKS.find((b) => b === entry.bank) ? `netbanking:${entry.bank}` : null;
  if (type === 'upi') return VPA.test(entry.vpa ?? '') ? `upi:${entry.vpa}` : null;
  return type === 'wallet' ? 'wallet' : null;
}

/** The instrument a signed sandbox callback reports. */
function paidInstrumentOf(text: string): PaidInstrument {
  const colon = text.indexOf(':');
  const kind = colon < 0 ? text : text.slice(0, colon);
  const detail = colon < 0 ? '' : text.slice(colon + 1);
  const type = kind === 'card' || kind === 'netbanking' || kind === 'upi' || kind === 'wallet' ? kind : null;
  const bin = type === 'card' && /^\d{6,8}$/.test(detail) ? detail : null;
  const cardBank = bin ? (Object.entries(SANDBOX_TEST_CARDS).find(([n]) => n.startsWith(bin))?.[1] ?? null) : null;
  return {
    type,
    card_bin: bin,
    bank: type === 'netbanking' && detail ? detail : cardBank,
    vpa: type === 'upi' && detail ? detail : null,
  };
}

export type SandboxStatus = 'success' | 'failed' | 'pending';

/** The gateway's payment id for an attempt: stable, so every callback of one attempt names the same payment. */
export const sandboxPaymentId = (secret: string, ref: string) => `sbx_${hmacHex(secret, `pay|${ref}`).slice(0, 24)}`;

/** What a callback says about a card saved with consent: the token, network, last four, expiry (MM/YYYY). */
export interface SandboxSavedCard {
  card_token: string;
  card_network: GatewayCard['network'];
  card_last4: string;
  card_expiry: string;
}

const callbackText = (f: {
  ref: string;
  payment_id: string;
  status: string;
  amount: string;
  instrument: string;
  card_token?: string;
  card_network?: string;
  card_last4?: string;
  card_expiry?: string;
}) =>
  [
    f.ref,
    f.payment_id,
    f.status,
    f.amount,
    f.instrument,
    ...(f.card_token ? [f.card_token, f.card_network, f.card_last4, f.card_expiry] : []),
  ].join('|');

/** The signed fields of one outcome button on the hosted page. */
export function signSandboxCallback(
  secret: string,
  payment: { ref: string; amount: number; instrument: string | null },
  status: SandboxStatus,
  savedCard?: SandboxSavedCard | null,
) {
  const fields = {
    ref: payment.ref,
    payment_id: sandboxPaymentId(secret, payment.ref),
    status,
    amount: String(payment.amount),
    instrument: payment.instrument ?? 'upi',
    ...(savedCard && status === 'success' ? savedCard : {}),
  };
  return { ...fields, signature: hmacHex(secret, callbackText(fields)) };
}

/** What the sandbox signs for a test card saved with consent; null when the number or expiry does not read. */
export function sandboxSavedCard(
  secret: string,
  customerId: number,
  cardNumber: string,
  expiry: string | undefined,
): SandboxSavedCard | null {
  const digits = cardNumber.replace(/[\s-]/g, '');
  const network = cardNetworkOf(digits);
  const e = parseCardExpiry(expiry);
  if (!SANDBOX_TEST_CARDS[digits] || !network || !e) return null;
  return {
    card_token: sandboxCardToken(secret, customerId, digits),
    card_network: network,
    card_last4: digits.slice(-4),
    card_expiry: `${String(e.month).padStart(2, '0')}/${e.year}`,
  };
}

function savedCardOf(f: { card_token?: string; card_network?: GatewayCard['network']; card_last4?: string; card_expiry?: string }) {
  const expiry = parseCardExpiry(f.card_expiry);
  if (!f.card_token || !f.card_network || !f.card_last4 || !expiry) return null;
  return { token: f.card_token, network: f.card_network, last4: f.card_last4, expiryMonth: expiry.month, expiryYear: expiry.year };
}

/** The hosted page's own link carries a signature, so pages exist only for attempts this server created. */
export const sandboxPageSignature = (secret: string, ref: string) => hmacHex(secret, `page|${ref}`);

export function createSandboxGateway(deps: { db: Db; secret: string; pendingSettleS: number; now?: () => Date }): PaymentGateway {
  const { db, secret } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    name: 'sandbox',
    async initiate(payment) {
      // An attempt with a saved card (payments.saved_card_id) gets a hosted page that asks only for the CVV.
      const page = `${SANDBOX_CHECKOUT_PATH}?ref=${encodeURIComponent(payment.ref)}&sig=${sandboxPageSignature(secret, payment.ref)}`;
      // The card form starts with the digits given for the bank offer (only a pre-fill: what is paid with is
      // signed from the number entered, and the offer stands only if that qualifies).
      const bin =
        payment.instrument === 'card' && !payment.savedCardToken && /^\d{6,8}$/.test(payment.cardBin ?? '') ? payment.cardBin : null;
      const url = bin ? `${page}&bin=${bin}` : page;
      return { url, method: 'GET', fields: {} };
    },
    async verifyCallback(fields): Promise<CallbackCheck> {
      const parsed = SandboxCallbackRequest.safeParse(fields);
      const ref = typeof fields.ref === 'string' ? fields.ref.slice(0, 100) : null;
      if (!parsed.success) return { ok: false, reason: 'malformed callback', ref };
      const f = parsed.data;
      if (!safeEqual(hmacHex(secret, callbackText(f)), f.signature)) return { ok: false, reason: 'bad signature', ref };
      const saved = f.status === 'success' ? savedCardOf(f) : null;
      const callback: VerifiedCallback = {
        ref: f.ref,
        gatewayPaymentId: f.payment_id,
        status: f.status,
        amount: Number(f.amount),
        reason: f.status === 'failed' ? 'The payment was declined by the bank (sandbox).' : null,
        // What the hosted page recorded, signed with the rest: bank offers are checked against it.
        instrument: paidInstrumentOf(f.instrument),
        // Tokenised on this payment with the shopper's consent (the hosted page's box), signed with the rest.
        ...(saved ? { savedCard: saved } : {}),
      };
      return { ok: true, callback };
    },
    async status(payment: GatewayPayment) {
      const row = await db
        .selectFrom('payments')
        .select(['status', 'amount', 'gateway_payment_id', 'created_at'])
        .where('gateway_order_ref', '=', payment.ref)
        .executeTakeFirst();
      if (row?.status !== 'pending' || !row.gateway_payment_id) return null;
      // A pending sandbox payment settles after a while, like a UPI collect request the shopper approves later.
      const settled = now().getTime() - new Date(row.created_at).getTime() >= deps.pendingSettleS * 1000;
      return {
        ref: payment.ref,
        gatewayPaymentId: row.gateway_payment_id,
        status: settled ? 'success' : 'pending',
        amount: row.amount,
        reason: null,
        // A settled collect request was paid with the method the attempt was made for; no card details.
        instrument: paidInstrumentOf(payment.instrument ?? 'upi'),
      };
    },
    async refund({ payment, amount, idempotencyKey }): Promise<RefundResult> {
      const row = await db.selectFrom('payments').select(['id']).where('gateway_order_ref', '=', payment.ref).executeTakeFirst();
      if (!row) return { status: 'failed', refundId: null };
      const refundId = `sbx_rfnd_${hmacHex(secret, `refund|${idempotencyKey}`).slice(0, 20)}`;
      await db
        .insertInto('payment_refunds')
        .values({
          payment_id: row.id,
          amount,
          idempotency_key: idempotencyKey,
          status: 'success',
          gateway_refund_id: refundId,
          reason: null,
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
      return { status: 'success', refundId };
    },
    // The sandbox's vault keeps nothing a token could be turned back into (its tokens are derived, one-way):
    // dropping one is always done.
    savedCards: {
      async remove() {
        return true;
      },
    },
  };
}
