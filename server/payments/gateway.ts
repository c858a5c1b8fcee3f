import type { GatewayName, GatewayRedirect, PaymentOutcome } from '../../schemas/payment.ts';

// The one interface every payment gateway is used through (docs/decisions/006-gateway-adapters.md). Calls to a
// gateway happen outside database transactions; the adapters hold no state of their own (rows do).

export type { GatewayName };

/** One payment attempt as the adapter sees it. Amounts are paise. */
export interface GatewayPayment {
  /** Our reference for the attempt (payments.gateway_order_ref), unique per attempt. */
  ref: string;
  orderId: string;
  amount: number;
  method: number;
  instrument: string | null;
  customer: { id: number; email: string | null; mobile: string | null };
  gatewayPaymentId?: string | null;
  /** Pay with a saved card: the gateway's token for it (the hosted page then asks only for the CVV). */
  savedCardToken?: string | null;
  /**
   * The card's first digits the shopper gave the store for a bank offer: a gateway whose card form can start
   * with them takes them (schemas/payment-rules.ts cardDigitsCarryOver), so they are typed once.
   */
  cardBin?: string | null;
}

/** A card the gateway keeps under card-on-file tokenisation: its token and what the shopper recognises it by. */
export interface GatewayCard {
  token: string;
  network: 'MasterCard' | 'RuPay' | 'VISA' | 'Amex';
  last4: string;
  expiryMonth: number;
  expiryYear: number;
}

/** The customer as a gateway's card vault knows them. */
export interface VaultCustomer {
  id: number;
  email: string | null;
  mobile: string | null;
}

/** What the gateway says the shopper paid with (bank offers bind to it: SPEC §6 bank offers). */
export interface PaidInstrument {
  type: 'card' | 'netbanking' | 'upi' | 'wallet' | null;
  /** First six digits of the card number, when the gateway reports them. */
  card_bin: string | null;
  /** The issuing or paying bank's name or code, as the gateway spells it. */
  bank: string | null;
  vpa: string | null;
}

/** A callback whose signature checked out: what the gateway says happened to an attempt. */
export interface VerifiedCallback {
  ref: string;
  gatewayPaymentId: string;
  status: Exclude<PaymentOutcome, 'expired'>;
  /** Paise, as the gateway reports it; checked against the attempt before anything changes. */
  amount: number;
  reason: string | null;
  /** The instrument actually used, when the gateway says (null: not reported). */
  instrument?: PaidInstrument | null;
  /**
   * Set when the gateway reports money in a state the store never acts on by itself (Juspay: part of the amount
   * captured, an authorisation held and not captured): nothing changes, and a person is asked (status_mismatch).
   */
  review?: string | null;
  /** The card tokenised with the shopper's consent on this payment (docs/decisions/024-saved-cards.md). */
  savedCard?: GatewayCard | null;
  /** The last four digits of the card paid with, when the gateway reports them (Paytm's masked card number). */
  cardLast4?: string | null;
}

export type CallbackCheck =
  | { ok: true; callback: VerifiedCallback }
  | {
      ok: false;
      reason: string;
      ref: string | null;
      /**
       * An authentic notification about no payment attempt (Juspay's `TXN_*` and refund events): nothing to apply,
       * answered 200 so the gateway stops sending it (docs/decisions/015-gateway-life-cycle.md).
       */
      ignore?: true;
    };

export interface RefundResult {
  status: 'success' | 'pending' | 'failed';
  refundId: string | null;
}

/** A webhook as received: its headers and its raw body (form fields or JSON). */
export interface WebhookInput {
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface PaymentGateway {
  readonly name: GatewayName;
  /** The smallest refund the gateway accepts, paise (Juspay: ₹1). */
  readonly minRefund?: number;
  /**
   * Why the gateway would refuse this refund by its documented rules (Juspay: under ₹1; Paytm: a partial refund
   * under ₹1, its code 635), checked before anything is sent; null when it may be asked for.
   */
  refundRefusal?(input: { payment: GatewayPayment; amount: number }): string | null;
  /** Where the shopper's browser goes to pay. `returnUrl` is where the gateway posts back. */
  initiate(payment: GatewayPayment, urls: { origin: string }): Promise<GatewayRedirect>;
  /**
   * Checks a callback's signature (and, where the gateway asks for it, confirms it server to server); never
   * throws. `customer`: the attempt's customer when the store knows it (Juspay routes every call by customer).
   */
  verifyCallback(fields: Record<string, string>, context?: { customer?: { id: number } | null }): Promise<CallbackCheck>;
  /** Asks the gateway, server to server, what became of an attempt (a return URL alone is never proof). */
  status(payment: GatewayPayment): Promise<VerifiedCallback | null>;
  /**
   * Refunds part or all of a successful payment; the same idempotencyKey refunds once. A gateway that answers
   * "already requested" (or "another refund in progress", "already refunded") for the key reports the refund's
   * current status, or `pending` while it says nothing; and `failed` is answered only once the gateway's refund
   * status for the key says failed or knows no such refund (docs/decisions/015-gateway-life-cycle.md).
   */
  refund(input: { payment: GatewayPayment; amount: number; idempotencyKey: string }): Promise<RefundResult>;
  /** Where a refund requested with this key stands now (polled until `success` or `failed`); null: unknown. */
  refundStatus?(input: { payment: GatewayPayment; idempotencyKey: string }): Promise<RefundResult | null>;
  /** Checks a server-to-server notification and confirms it with the gateway; never throws. */
  verifyWebhook?(input: WebhookInput): Promise<CallbackCheck>;
  /**
   * Saved cards (docs/decisions/024-saved-cards.md), for a gateway with a card vault: the customer's tokens as
   * the gateway holds them, and dropping one. Tokenising happens on a paid attempt with the shopper's consent
   * (VerifiedCallback.savedCard); paying with one passes GatewayPayment.savedCardToken to `initiate`.
   */
  savedCards?: {
    list?(customer: VaultCustomer): Promise<GatewayCard[]>;
    /** True once the gateway no longer holds the token (also when it never did). */
    remove(customer: VaultCustomer, token: string): Promise<boolean>;
    /**
     * For a gateway whose payment answers do not say whether the card was tokenised (Paytm): the customer's
     * token of the card a successful payment used, read from its vault; null when it holds none.
     */
    paidWith?(customer: VaultCustomer, callback: VerifiedCallback): Promise<GatewayCard | null>;
  };
}
