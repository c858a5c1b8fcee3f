import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../server/db/database.ts';
import { takeStock } from '../../server/modules/inventory/index.ts';
import { BACKENDS, openTestDatabase } from '../helpers/app.ts';
import { variantIn } from './checkout-fixtures.ts';

// A variant's change number tells the catalogue read model what to fetch again; the read model shows of stock only
// whether there is any. A stock-only update that leaves a variant on the same side of zero takes no number, so
// PostgreSQL can write it without touching the variant's indexes (migration 280).

const changeSeq = async (db: Db, id: number) =>
  Number((await sql<{ s: string }>`SELECT change_seq AS s FROM variants WHERE id = ${id}`.execute(db)).rows[0].s);
const setStock = (db: Db, id: number, stock: number) => sql`UPDATE variants SET stock = ${stock} WHERE id = ${id}`.execute(db);

describe.each(BACKENDS)('stock-only updates and the catalogue change number [%s]', (backend) => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  let db: Db;
  let id: number;

  beforeAll(async () => {
    t = await openTestDatabase(backend);
    db = t.handle.db;
    id = (await variantIn(db, 30_000, 200_000)).id;
    await setStock(db, id, 50);
  });
  afterAll(async () => {
    await t?.close();
  });

  test('units taken or put back while the variant stays in stock take no new number', async () => {
    const before = await changeSeq(db, id);
    await setStock(db, id, 49);
    await setStock(db, id, 12);
    await setStock(db, id, 40);
    expect(await changeSeq(db, id)).toBe(before);
  });

  test('running out, coming back in stock, or any other column changing takes a new number', async () => {
    let seen = await changeSeq(db, id);
    const changed = async () => {
      const now = await changeSeq(db, id);
      const moved = now > seen;
      seen = now;
      return moved;
    };
    await setStock(db, id, 0);
    expect(await changed()).toBe(true);
    await setStock(db, id, 0);
    expect(await changed()).toBe(false);
    await setStock(db, id, 5);
    expect(await changed()).toBe(true);
    await sql`UPDATE variants SET sale_price = sale_price - 100 WHERE id = ${id}`.execute(db);
    expect(await changed()).toBe(true);
    await sql`UPDATE variants SET stock = stock - 1, mrp = mrp + 100 WHERE id = ${id}`.execute(db);
    expect(await changed()).toBe(true);
    await sql`UPDATE variants SET updated_at = now() WHERE id = ${id}`.execute(db);
    expect(await changed()).toBe(true);
  });

  test("an order's stock take is written without new index entries (a heap-only tuple)", async () => {
    await setStock(db, id, 30);
    // Read before and after the take on one connection: the counters not yet flushed to the statistics are exact.
    const counts = await db.transaction().execute(async (trx) => {
      const read = async () => {
        const r = await sql<{ updated: string; hot: string }>`
          SELECT pg_stat_get_xact_tuples_updated('variants'::regclass) AS updated,
                 pg_stat_get_xact_tuples_hot_updated('variants'::regclass) AS hot`.execute(trx);
        return { updated: Number(r.rows[0].updated), hot: Number(r.rows[0].hot) };
      };
      const before = await read();
      expect(await takeStock(trx, { variant_id: id, quantity: 2 }, { order: 'KS-HOT' })).toBe(true);
      const after = await read();
      return { updated: after.updated - before.updated, hot: after.hot - before.hot };
    });
    expect(counts).toEqual({ updated: 1, hot: 1 });
  });
});
