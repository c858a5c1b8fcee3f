import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import type { Db } from '../../server/db/database.ts';
import { zodCompilers } from '../../server/http/docs.ts';
import { fail } from '../../server/http/envelope.ts';
import { asAppError } from '../../server/http/errors.ts';
import {
  declareIdempotency,
  hashRequest,
  IdempotencyHeaders,
  idempotencyOf,
  idempotencyPlugin,
  idempotent,
  pruneIdempotencyKeys,
} from '../../server/http/idempotency.ts';
import { BACKENDS, openTestDatabase } from '../helpers/app.ts';

// The Idempotency-Key plugin (server/http/idempotency.ts, docs/architecture.md "API conventions") on a route of its
// own: a route that declares `config.idempotency` gets the header declared and validated, replays, the conflicts
// and their wording; pruning deletes expired keys only. The store's own routes are covered by tests/api/checkout.test.ts
// and tests/api/money.test.ts, their statements by tests/fault/db-round-trips.test.ts.

const REUSED = 'This Idempotency-Key was already used for a different request.';
const STILL_RUNNING = 'A request with this Idempotency-Key is still being processed.';
const MALFORMED = 'Idempotency-Key must be 8 to 100 letters, digits, - or _';

describe.each(BACKENDS)('Idempotency-Key plugin [%s]', (backend) => {
  let db: Db;
  let close: () => Promise<void>;
  let app: FastifyInstance;
  let customers: number[];
  /** How many times each route's work ran. */
  let runs = 0;
  let seq = 0;
  const newKey = () => `plugin-${process.pid}-${Date.now()}-${seq++}`;

  beforeAll(async () => {
    const opened = await openTestDatabase(backend, { seed: false });
    db = opened.handle.db;
    close = opened.close;
    customers = (
      await db
        .insertInto('customers')
        .values([0, 1].map((i) => ({ first_name: 'Key', last_name: `${i}`, email: `key-${process.pid}-${i}-${backend}@kasrat.test` })))
        .returning('id')
        .execute()
    ).map((c) => c.id);
    app = Fastify({ logger: false });
    zodCompilers(app);
    app.setErrorHandler((error, _req, reply) => {
      const known = asAppError(error);
      return known ? reply.code(known.httpStatus).send(fail(known.message)) : reply.code(500).send(fail(String(error)));
    });
    await app.register(idempotencyPlugin, { db });
    // The customer comes from a test header: the session module is not what is tested here.
    const customerOf = (req: { headers: Record<string, unknown> }) => customers[Number(req.headers['x-customer'] ?? 0)];
    const things = async (req: Parameters<typeof idempotencyOf>[0], scope: string) => {
      const { n, wait } = req.body as { n: number; wait?: number };
      return idempotent(db, idempotencyOf(req), customerOf(req), async (trx) => {
        if (wait) await new Promise((r) => setTimeout(r, wait));
        if (n < 0) throw new Error('refused');
        const run = ++runs;
        await trx.selectFrom('customers').select('id').execute();
        return { n, run, scope };
      });
    };
    const body = z.object({ n: z.number().int(), wait: z.number().int().optional() });
    app.post('/things', { config: { access: 'customer', idempotency: { scope: 'things' } }, schema: { body } }, (req) => things(req, 'a'));
    // Another address of the same action: one scope, so each replays the other.
    app.post('/things-too', { config: { access: 'customer', idempotency: { scope: 'things' } }, schema: { body } }, (req) =>
      things(req, 'b'),
    );
    // What a replay must match is the route's to say: here only `n`.
    app.post(
      '/by-n',
      {
        config: { access: 'customer', idempotency: { scope: 'by-n', request: (req) => ({ n: (req.body as { n: number }).n }) } },
        schema: { body },
      },
      (req) => things(req, 'n'),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await close?.();
  });

  const post = (url: string, body: unknown, key?: string, customer = 0) =>
    app.inject({
      method: 'POST',
      url,
      payload: body as object,
      headers: { 'x-customer': String(customer), ...(key ? { 'idempotency-key': key } : {}) },
    });
  const keyRow = (key: string) => db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).execute();

  test('the same key and request answer the first answer again, without running the work again', async () => {
    const key = newKey();
    const first = await post('/things', { n: 1 }, key);
    expect(first.statusCode).toBe(200);
    const again = await post('/things', { n: 1 }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const [row] = await keyRow(key);
    expect(row).toMatchObject({ customer_id: customers[0], scope: 'things', status_code: 200 });
    // Another address of the same scope replays it too; another customer's same key is their own.
    expect((await post('/things-too', { n: 1 }, key)).json()).toEqual(first.json());
    const other = await post('/things', { n: 1 }, key, 1);
    expect(other.json().run).toBeGreaterThan(first.json().run);
  });

  test('concurrent requests with one key run the work once and answer alike', async () => {
    const key = newKey();
    const before = runs;
    const [a, b] = await Promise.all([post('/things', { n: 2, wait: 150 }, key), post('/things', { n: 2, wait: 150 }, key)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    expect(runs - before).toBe(1);
  });

  test('the same key with a different request is a 422, in the documented words', async () => {
    const key = newKey();
    await post('/things', { n: 3 }, key);
    const before = runs;
    const res = await post('/things', { n: 4 }, key);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: 0, message: REUSED });
    expect(runs).toBe(before);
    // The route says what a replay must match: /by-n hashes `n` alone, so `wait` may differ.
    const byN = newKey();
    const first = await post('/by-n', { n: 5 }, byN);
    expect((await post('/by-n', { n: 5, wait: 1 }, byN)).json()).toEqual(first.json());
    expect((await post('/by-n', { n: 6 }, byN)).statusCode).toBe(422);
  });

  test('a key whose first request is still running is a 409', async () => {
    const key = newKey();
    await db
      .insertInto('idempotency_keys')
      .values({
        customer_id: customers[0],
        scope: 'things',
        key,
        request_hash: hashRequest({ n: 7 }),
        expires_at: new Date(Date.now() + 60_000),
      })
      .execute();
    const res = await post('/things', { n: 7 }, key);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 0, message: STILL_RUNNING });
  });

  test('a malformed key is a 400 in the documented words; without a key each call is a new request', async () => {
    for (const bad of ['short', 'has spaces in it', 'x'.repeat(101), 'semi;colon-key']) {
      const res = await post('/things', { n: 8 }, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 0, message: MALFORMED });
    }
    const before = runs;
    const a = await post('/things', { n: 8 });
    const b = await post('/things', { n: 8 });
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(runs - before).toBe(2);
    expect(a.json().run).not.toBe(b.json().run);
  });

  test('a request that fails keeps nothing: its key is free for the next request', async () => {
    const key = newKey();
    expect((await post('/things', { n: -1 }, key)).statusCode).toBe(500);
    expect(await keyRow(key)).toEqual([]);
    expect((await post('/things', { n: 9 }, key)).statusCode).toBe(200);
  });

  test('an expired key is taken over by the next request, for another 24 hours', async () => {
    const key = newKey();
    const first = (await post('/things', { n: 10 }, key)).json();
    await db
      .updateTable('idempotency_keys')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('key', '=', key)
      .execute();
    const second = await post('/things', { n: 11 }, key);
    expect(second.statusCode).toBe(200);
    expect(second.json().run).toBeGreaterThan(first.run);
    const [row] = await keyRow(key);
    expect(new Date(row.expires_at).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
  });

  test('pruning deletes the expired keys and no other', async () => {
    const [expired, live] = [newKey(), newKey()];
    await post('/things', { n: 12 }, expired);
    await post('/things', { n: 12 }, live);
    await db
      .updateTable('idempotency_keys')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('key', '=', expired)
      .execute();
    const all = await db.selectFrom('idempotency_keys').select('key').execute();
    const expiredBefore = await db.selectFrom('idempotency_keys').select('key').where('expires_at', '<', new Date()).execute();
    expect(await pruneIdempotencyKeys(db)).toBe(expiredBefore.length);
    const left = (await db.selectFrom('idempotency_keys').select('key').execute()).map((r) => r.key);
    expect(left).not.toContain(expired);
    expect(left).toContain(live);
    expect(left).toHaveLength(all.length - expiredBefore.length);
  });

  test('a declaring route gets the header in its schema; only a customer route may declare it', () => {
    const route = { method: 'POST' as const, url: '/x', config: { access: 'customer', idempotency: { scope: 'x' } }, schema: {} };
    declareIdempotency(route as never);
    expect((route.schema as { headers?: unknown }).headers).toBe(IdempotencyHeaders);
    const open = { method: 'POST' as const, url: '/y', config: { access: 'public', idempotency: { scope: 'y' } }, schema: {} };
    expect(() => declareIdempotency(open as never)).toThrow(/needs config.access 'customer'/);
    const plain = { method: 'POST' as const, url: '/z', config: { access: 'customer' }, schema: {} };
    declareIdempotency(plain as never);
    expect((plain.schema as { headers?: unknown }).headers).toBeUndefined();
  });
});
