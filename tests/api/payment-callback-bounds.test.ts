import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { PAYLOAD_CAP_BYTES, REJECTED_KEEP_DAYS, REJECTED_PER_SOURCE } from '../../server/modules/payment/rejections.ts';
import { readSystemConfig, runRetention } from '../../server/modules/system/index.ts';
import { describeBackends } from '../helpers/app.ts';

// Rejected payment callbacks are anyone's posts (docs/operations.md "Payment callbacks"): each kept with its reason
// and a capped payload, a bounded number per source (an IPv6 /64 as one), pruned by the retention job.

/** A form post as large as the callback routes take: 40 fields with 1,000-character names and 400-character values. */
function oversized(i: number): string {
  const params = new URLSearchParams();
  params.set('ref', `forged-${i}-${'r'.repeat(900)}`);
  for (let f = 0; f < 39; f++) params.set(`${String(f).padStart(2, '0')}${'k'.repeat(998)}`, 'v'.repeat(400));
  return params.toString();
}

describeBackends('rejected payment callbacks are bounded', (ctx) => {
  const size = async () => {
    const { rows } = await sql<{
      bytes: string;
    }>`SELECT pg_total_relation_size('payment_callbacks') + pg_total_relation_size('rate_limits') AS bytes`.execute(ctx().handle.db);
    return Number(rows[0]?.bytes);
  };

  test('hundreds of oversized forged callbacks from a few sources grow the database by less than 1 MB', async () => {
    const { app } = ctx();
    const before = await size();
    const beforeRows = await ctx()
      .handle.db.selectFrom('payment_callbacks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    // Three sources: two IPv4 addresses, and one IPv6 /64 that changes its address on every post.
    const sources = (i: number) => ['203.0.113.61', '203.0.113.62', `2001:db8:61:62::${(i + 1).toString(16)}`];
    const posts = Array.from({ length: 300 }, (_, i) => ({ body: oversized(i), ip: sources(i)[i % 3] as string }));
    expect(Buffer.byteLength(posts[0]?.body ?? '')).toBeGreaterThan(55_000);
    const statuses = new Map<number, number>();
    for (const post of posts) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/payment/sandbox/callback',
        payload: post.body,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': post.ip },
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    }
    // Each one still takes the browser to a page, stored or not.
    expect([...statuses]).toEqual([[303, 300]]);
    const grown = (await size()) - before;
    expect(grown).toBeLessThan(1_048_576);

    const db = ctx().handle.db;
    const rows = await db
      .selectFrom('payment_callbacks')
      .select(['ref', 'reason', 'outcome', sql<number>`octet_length(payload::text)`.as('bytes'), 'payload'])
      .where('outcome', '=', 'rejected')
      .where('ref', 'like', 'forged-%')
      .execute();
    // Three sources, each within its share.
    expect(rows.length).toBe(3 * REJECTED_PER_SOURCE);
    const afterRows = await db
      .selectFrom('payment_callbacks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(afterRows.n) - Number(beforeRows.n)).toBe(3 * REJECTED_PER_SOURCE);
    for (const row of rows) {
      expect(row.reason).toMatch(/\S/);
      expect(row.ref?.length).toBeLessThanOrEqual(100);
      expect(Number(row.bytes)).toBeLessThanOrEqual(PAYLOAD_CAP_BYTES + 64);
      const payload = row.payload as Record<string, unknown>;
      // The keys are kept, cut: the record still says what was sent.
      for (const key of Object.keys(payload)) expect(key.length).toBeLessThanOrEqual(64);
      expect(payload._dropped).toBeGreaterThan(0);
    }
  });

  test('the retention job prunes rejected callbacks after their days and keeps the accepted ones', async () => {
    const db = ctx().handle.db;
    await db
      .insertInto('payment_callbacks')
      .values({ gateway: 'sandbox', ref: 'kept-applied', outcome: 'applied', reason: null, payload: '{}' })
      .execute();
    const later = new Date(Date.now() + (REJECTED_KEEP_DAYS + 1) * 86_400_000);
    expect((await runRetention(db, readSystemConfig(), later)).ran).toBe(true);
    const left = await db.selectFrom('payment_callbacks').select(['outcome', 'ref']).execute();
    expect(left.filter((r) => r.outcome === 'rejected')).toEqual([]);
    expect(left.map((r) => r.ref)).toContain('kept-applied');
  });
});
