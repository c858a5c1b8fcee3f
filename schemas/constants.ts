// Plain constants shared by server and browser, in a module without zod: the browser shell imports these on
// its first load, where zod does not travel (docs/decisions/008).

/** SPEC §8: the one message a shopper sees when something failed without a message of its own. */
export const GENERIC_ERROR = 'Something went wrong. Please try again.';

/**
 * The message a failure shows (SPEC §8): its own text, which the browser's API client has already set to the
 * server's message, or the generic one when it has none. The one rule for pages, stores and machines alike.
 */
export const messageOf = (error: unknown): string => {
  const m = (error as { message?: unknown } | null | undefined)?.message;
  return typeof m === 'string' && m ? m : GENERIC_ERROR;
};

/** SPEC §9: the cart_id cookie lives 365 days. */
export const CART_COOKIE = 'cart_id';
export const CART_COOKIE_DAYS = 365;

/** The header carrying a place-order or payment call's idempotency key (a retried call never charges twice). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** A change of a way in or of the refund account asks for the owner's proof first (README "Security"). */
export const OWNER_PROOF_REQUIRED = 'For your security, please confirm it is you: enter your password or the OTP we send to you.';
