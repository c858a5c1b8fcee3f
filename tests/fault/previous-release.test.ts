import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Kysely } from 'kysely';
import { migrations } from '../../server/db/migrations/index.ts';
import { BACKENDS, openTestDatabase } from '../helpers/app.ts';
import type { Recording } from './previous-release/statements.ts';
import { replay } from './previous-release/statements.ts';

// Expand, then contract (docs/operations.md "Migrations during a rolling deploy"): while a deploy rolls, the previous
// release runs on the schema the new release migrated. The previous release's statements, recorded from a sale's
// calls (previous-release/record.ts), are replayed against the newest schema; none may find the schema moved.

const recording = JSON.parse(readFileSync(path.join(import.meta.dirname, 'previous-release/statements.json'), 'utf8')) as Recording;
/** The migrations the previous release did not have: the ones a rolling deploy runs under it. */
const newer = Object.keys(migrations).filter((name) => !recording.migrations.includes(name));

describe.each(BACKENDS)('the previous release on the newest schema [%s]', (backend) => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    t = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await t?.close();
  });
  const db = () => t.handle.db as unknown as Kysely<unknown>;

  test(`its recorded statements run after ${newer.length ? newer.join(', ') : 'no newer migration'}`, async () => {
    // The recording ran on migrations this tree still has: a migration is never removed or renamed.
    expect(recording.migrations.filter((name) => !(name in migrations))).toEqual([]);
    expect(recording.statements.length).toBeGreaterThan(50);
    const { ran, breaks } = await replay(db(), recording.statements);
    expect(breaks).toEqual([]);
    // Most statements go through on the seeded data (the rest fail on data, e.g. a row the recording had made).
    expect(ran).toBeGreaterThan(recording.statements.length / 2);
  });

  test('a contracting change in the same release is caught: a dropped column, a NOT NULL without default', async () => {
    const dropped = await replay(db(), recording.statements, async (trx) => {
      await sql`ALTER TABLE orders DROP COLUMN item_total`.execute(trx);
    });
    expect(dropped.breaks.map((b) => b.code)).toContain('42703');
    const required = await replay(db(), recording.statements, async (trx) => {
      await sql`ALTER TABLE payment_callbacks ADD COLUMN source text NOT NULL`.execute(trx);
    });
    expect(required.breaks.map((b) => b.code)).toContain('23502');
  });
});
