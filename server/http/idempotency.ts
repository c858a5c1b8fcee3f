import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { type RawBuilder, sql } from 'kysely';
import { z } from 'zod';
import { IDEMPOTENCY_HEADER, IdempotencyKeySchema } from '../../schemas/order.ts';
import type { Db } from '../db/database.ts';
import { scheduleJob } from '../jobs/scheduled.ts';
import { AppError, Conflict } from './errors.ts';

// The Idempotency-Key of the calls that place orders and start payments (docs/architecture.md "API
// conventions"): the same key gets the same answer for 24 hours. A route opts in with `config.idempotency`; this plugin
// declares the header in the route's schema (Fastify validates it, the API document lists it), turns it into the
// request's claim (`idempotencyOf`), owns the idempotency_keys table and prunes it by one scheduled job.
//
// The key row is written inside the transaction that does the work, together with the answer: a concurrent request
// with the same key waits on the row (PostgreSQL blocks the second INSERT until the first commits) and then replays
// the stored answer; if the first transaction fails, nothing is stored and the key can be used again. So the claim
// is made by the route's own transaction (`idempotent`, or its statements for a transaction that folds the claim
// into its first statement: docs/decisions/023-fewer-round-trips.md), never by a hook of its own.

export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;

/** What a route declares: `config: { access: 'customer', idempotency: { scope: 'place-order' } }`. */
export interface IdempotencyOption {
  /** Keys are per customer and scope; routes sharing a scope (one action, two addresses) replay each other's answers. */
  scope: string;
  /** The part of the request a replay must match (its hash is stored with the key); the validated body by default. */
  request?: (req: FastifyRequest) => unknown;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call takes an Idempotency-Key (server/http/idempotency.ts); a customer route only. */
    idempotency?: IdempotencyOption;
  }
}

/** The header as the route declares it: optional; when sent, 8 to 100 letters, digits, - or _. */
export const IdempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: IdempotencyKeySchema.optional().describe(
    'Any value of 8 to 100 letters, digits, - or _, new for each action: the same key with the same request gets the first answer again for 24 hours.',
  ),
});

/** A key claimed (or to claim) for a request, before the customer is known. */
export interface ClaimParts {
  scope: string;
  key: string;
  requestHash: string;
}

export interface KeyClaim extends ClaimParts {
  customerId: number;
}

/** 422: the key answers another request. */
export class IdempotencyKeyReused extends AppError {
  constructor() {
    super(422, 'This Idempotency-Key was already used for a different request.');
  }
}
export const STILL_PROCESSING = 'A request with this Idempotency-Key is still being processed.';

export const hashRequest = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/**
 * The request's key and what it answers, for a route that declares `config.idempotency`; null when the request
 * sent no key (it is then not idempotent). Fastify has validated the header by the time a handler runs.
 */
export function idempotencyOf(req: FastifyRequest): ClaimParts | null {
  const option = req.routeOptions.config?.idempotency;
  if (!option) throw new Error('idempotencyOf: the route does not declare config.idempotency');
  const raw = req.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined) return null;
  return { scope: option.scope, key, requestHash: hashRequest(option.request ? option.request(req) : req.body) };
}

/** The claim as a statement (INSERT … ON CONFLICT DO NOTHING RETURNING key): one row when this request took the key. */
export function claimStatement(claim: KeyClaim, now = new Date()) {
  return claimUntil(claim, sql`${claim.customerId}::integer`, new Date(now.getTime() + IDEMPOTENCY_TTL_MS));
}

/**
 * {@link claimStatement} for the customer an expression of the statement finds (none: nothing is claimed), with its
 * expiry given (a statement compiled once takes it as a value).
 */
export function claimUntil(claim: ClaimParts, customer: RawBuilder<number | null>, expires: Date) {
  return sql<{ key: string }>`
    INSERT INTO idempotency_keys (customer_id, scope, key, request_hash, expires_at)
    SELECT w.customer_id, ${claim.scope}, ${claim.key}, ${claim.requestHash}, ${expires}
    FROM (SELECT ${customer} AS customer_id) w WHERE w.customer_id IS NOT NULL
    ON CONFLICT (customer_id, scope, key) DO NOTHING RETURNING key`;
}

/** Claims the key in `trx`; returns the stored answer when the key was already used for this request. */
export async function claimIdempotencyKey<T>(trx: Db, claim: KeyClaim, now = new Date()): Promise<T | null> {
  const inserted = await claimStatement(claim, now).execute(trx);
  if (inserted.rows.length) return null;
  return replayIdempotencyKey<T>(trx, claim, now);
}

/**
 * For a key that was already there: its stored answer (same request), or null after taking over an expired key.
 * A different request under the key is refused, and one still being processed is a conflict.
 */
export async function replayIdempotencyKey<T>(trx: Db, claim: KeyClaim, now = new Date()): Promise<T | null> {
  const row = await trx
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('customer_id', '=', claim.customerId)
    .where('scope', '=', claim.scope)
    .where('key', '=', claim.key)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (new Date(row.expires_at) <= now) {
    await trx
      .updateTable('idempotency_keys')
      .set({
        request_hash: claim.requestHash,
        response: null,
        status_code: null,
        created_at: now,
        expires_at: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
      })
      .where('customer_id', '=', claim.customerId)
      .where('scope', '=', claim.scope)
      .where('key', '=', claim.key)
      .execute();
    return null;
  }
  if (row.request_hash !== claim.requestHash) throw new IdempotencyKeyReused();
  if (row.response === null) throw new Conflict(STILL_PROCESSING);
  return (typeof row.response === 'string' ? JSON.parse(row.response) : row.response) as T;
}

export async function storeIdempotentAnswer(trx: Db, claim: KeyClaim, answer: unknown): Promise<void> {
  await trx
    .updateTable('idempotency_keys')
    .set({ status_code: 200, response: JSON.stringify(answer) })
    .where('customer_id', '=', claim.customerId)
    .where('scope', '=', claim.scope)
    .where('key', '=', claim.key)
    .execute();
}

/**
 * storeIdempotentAnswer as a statement to run inside another one (a data-modifying WITH): order placement stores
 * its answer in the same round trip as its first stock take. The key row is this transaction's own, so it never waits.
 */
export function storeAnswerStatement(claim: KeyClaim, answer: unknown) {
  return sql`UPDATE idempotency_keys SET status_code = 200, response = ${JSON.stringify(answer)}::jsonb
    WHERE customer_id = ${claim.customerId} AND scope = ${claim.scope} AND key = ${claim.key}`;
}

/**
 * Runs `work` in one transaction under the request's key (`idempotencyOf(req)`), for the customer: a replay answers
 * the stored answer without running it. `stored` is what the key keeps of the result (the result by default) and
 * `replayed` turns a stored answer back into a result.
 */
export async function idempotent<T, A = T>(
  db: Db,
  parts: ClaimParts | null,
  customerId: number,
  work: (trx: Db) => Promise<T>,
  options: { stored?: (result: T) => A; replayed?: (trx: Db, answer: A) => Promise<T>; now?: Date } = {},
): Promise<T> {
  const now = options.now ?? new Date();
  const claim: KeyClaim | null = parts && { ...parts, customerId };
  return db.transaction().execute(async (trx) => {
    if (claim) {
      const replay = await claimIdempotencyKey<A>(trx, claim, now);
      if (replay !== null) return options.replayed ? options.replayed(trx, replay) : (replay as unknown as T);
    }
    const result = await work(trx);
    if (claim) await storeIdempotentAnswer(trx, claim, options.stored ? options.stored(result) : result);
    return result;
  });
}

/** Deletes the keys past their 24 hours; a key still in use is never touched. */
export async function pruneIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const r = await db.deleteFrom('idempotency_keys').where('expires_at', '<', now).executeTakeFirst();
  return Number(r.numDeletedRows ?? 0);
}

/** Expired keys are also taken over when used again, so pruning only keeps the table small: hourly is plenty. */
export const PRUNE_JOB = { name: 'idempotency-keys-prune', everyMs: 3_600_000, leaseMs: 600_000 };

/** A route's options with the header declared, for a route that declares `config.idempotency`. */
export function declareIdempotency(route: Pick<RouteOptions, 'method' | 'url' | 'config' | 'schema'>): void {
  const config = route.config as { idempotency?: IdempotencyOption; access?: string } | undefined;
  if (!config?.idempotency) return;
  // Keys are kept per customer (the table's key): a route open to guests cannot take one.
  if (config.access !== 'customer') throw new Error(`${route.method} ${route.url}: config.idempotency needs config.access 'customer'`);
  const schema = (route.schema ?? {}) as { headers?: unknown };
  if (schema.headers !== undefined && schema.headers !== IdempotencyHeaders)
    throw new Error(`${route.method} ${route.url}: declares its own headers; add the Idempotency-Key to them here`);
  route.schema = { ...route.schema, headers: IdempotencyHeaders } as typeof route.schema;
}

/** Registers the Idempotency-Key for every route declared after it, and the hourly pruning. */
export const idempotencyPlugin = fp(
  async (app: FastifyInstance, { db }: { db: Db }) => {
    app.addHook('onRoute', declareIdempotency);
    scheduleJob(app, db, PRUNE_JOB, async () => {
      const pruned = await pruneIdempotencyKeys(db);
      if (pruned) app.log.info({ pruned }, 'expired idempotency keys deleted');
    });
  },
  { name: 'idempotency' },
);
