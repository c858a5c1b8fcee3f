import { sql } from 'kysely';
import { parentSkuFromVariantSku } from '../../schemas/text.ts';
import { openTestDatabase } from '../helpers/app.ts';

describe('seed', () => {
  test('is deterministic, follows the parent-SKU convention, prices in paise, and scales', async () => {
    const a = await openTestDatabase('pglite', { scale: 2000 });
    const b = await openTestDatabase('pglite', { scale: 2000 });
    try {
      const rows = (h: typeof a) =>
        h.handle.db
          .selectFrom('variants as v')
          .innerJoin('products as p', 'p.id', 'v.product_id')
          .select(['v.sku', 'p.parent_sku', 'v.mrp', 'v.sale_price', 'v.stock'])
          .orderBy('v.id')
          .execute();
      const [ra, rb] = [await rows(a), await rows(b)];
      expect(ra).toEqual(rb);
      expect(ra.length).toBeGreaterThanOrEqual(2000);
      for (const r of ra) {
        expect(parentSkuFromVariantSku(r.sku)).toBe(r.parent_sku);
        expect(Number.isInteger(r.mrp) && Number.isInteger(r.sale_price)).toBe(true);
        expect(r.sale_price).toBeLessThanOrEqual(r.mrp);
      }
      const swatches = await sql<{ n: number }>`select count(distinct flavour)::int as n from variants`.execute(a.handle.db);
      expect(swatches.rows[0]?.n).toBeGreaterThan(10);
      const fit10 = await a.handle.db.selectFrom('coupons').selectAll().where('code', '=', 'FIT10').executeTakeFirstOrThrow();
      expect(fit10).toMatchObject({ kind: 'percent', value: 10, min_cart: 99_900 });
      const demo = await a.handle.db.selectFrom('customers').selectAll().where('email', '=', 'demo@kasrat.test').executeTakeFirstOrThrow();
      expect(demo.mobile).toBe('9876543210');
      expect(demo.password_hash).toMatch(/^\$argon2id\$/);
      const nested = await a.handle.db.selectFrom('categories').select('id').where('parent_id', 'is not', null).execute();
      expect(nested.length).toBeGreaterThan(10);
    } finally {
      await a.close();
      await b.close();
    }
  }, 180_000); // two full seeds at scale 2000, reviews included
});
