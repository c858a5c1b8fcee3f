import { isConnectionError, isStatementTimeout } from '../db/availability.ts';

// Typed domain errors; one Fastify error handler (app.ts) maps them to {status: 0, message} with their code.
export class AppError extends Error {
  /** Response headers the answer carries (Retry-After on a 503). */
  headers?: Record<string, string>;
  constructor(
    readonly httpStatus: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
export class BadRequest extends AppError {
  constructor(message: string, data: unknown = null) {
    super(400, message, data);
  }
}
export class Unauthorized extends AppError {
  constructor(message = 'Please sign in to continue.') {
    super(401, message);
  }
}
export class Forbidden extends AppError {
  constructor(message = 'You are not allowed to do that.') {
    super(403, message);
  }
}
export class NotFound extends AppError {
  constructor(message = 'Not found.') {
    super(404, message);
  }
}
export class Conflict extends AppError {
  constructor(message: string, data: unknown = null) {
    super(409, message, data);
  }
}
export class TooManyRequests extends AppError {
  constructor(message = 'Too many requests. Please try again later.') {
    super(429, message);
  }
}

/** The HTTP status of each kind of refused business rule, in one place: services name the rule only. */
export const RULE_STATUS = {
  'out-of-stock': 422,
  'quantity-limit': 422,
  'coupon-not-applicable': 422,
  'freebie-not-applicable': 422,
  'cart-rule': 422,
  'checkout-rule': 422,
  'payment-rule': 422,
} as const;
export type RuleKind = keyof typeof RULE_STATUS;

/** A business rule refused the request; `rule` says which, RULE_STATUS its HTTP status. */
export class DomainError extends AppError {
  constructor(
    readonly rule: RuleKind,
    message: string,
    data: unknown = null,
  ) {
    super(RULE_STATUS[rule], message, data);
  }
}

/** A domain error class for one rule of RULE_STATUS: `class OutOfStock extends refusedBy('out-of-stock') {}`. */
export const refusedBy = (rule: RuleKind) =>
  class extends DomainError {
    constructor(message: string, data: unknown = null) {
      super(rule, message, data);
    }
  };

/** How long a client should wait before retrying a call the database could not serve (the probe's cadence). */
export const DATABASE_RETRY_AFTER_S = 5;
export const DATABASE_UNREACHABLE_MESSAGE = 'The store cannot reach its database just now. Please try again in a few seconds.';
export const DATABASE_BUSY_MESSAGE = 'The store is too busy to answer just now. Please try again in a few seconds.';

/** The store cannot serve the call for now, but will: 503 with Retry-After (README "Reliability"). */
export class ServiceUnavailable extends AppError {
  constructor(message = DATABASE_UNREACHABLE_MESSAGE, retryAfterS = DATABASE_RETRY_AFTER_S) {
    super(503, message);
    this.headers = { 'retry-after': String(retryAfterS) };
  }
}

/**
 * The one place errors that are not ours get an HTTP meaning: a database that is unreachable, restarting or
 * frozen (a connection refused, terminated or timed out) and a statement over its timeout are 503s with
 * Retry-After, never a 500 (docs/decisions/014-database-outages.md). Null for anything else.
 */
export function asAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (isConnectionError(error)) return new ServiceUnavailable();
  if (isStatementTimeout(error)) return new ServiceUnavailable(DATABASE_BUSY_MESSAGE);
  return null;
}
