import type { Db } from '../../server/db/database.ts';
import { catalogueChanged } from '../../server/search/index.ts';
import { describeBackends } from '../helpers/app.ts';

// "Deal of the week" never features a product a shopper cannot buy: a deal whose product's card (its default
// variant) is out of stock leaves the home page, and comes back when the stock does.

describeBackends('deal of the week', (ctx) => {
  const db = (): Db => ctx().handle.db;
  const home = async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/home/home-page-info' });
    expect(res.statusCode).toBe(200);
    return res.json().data as { deal_of_week: Array<{ id: number; product: { pid: number; vid: number } | null }> };
  };

  test('an out-of-stock product is never the deal of the week; it returns with its stock', async () => {
    const before = await home();
    expect(before.deal_of_week.length).toBeGreaterThan(0);
    const deal = before.deal_of_week[0] as { id: number; product: { pid: number; vid: number } };
    const variant = await db().selectFrom('variants').select(['id', 'stock']).where('id', '=', deal.product.vid).executeTakeFirstOrThrow();
    expect(variant.stock).toBeGreaterThan(0);

    await db().updateTable('variants').set({ stock: 0 }).where('id', '=', variant.id).execute();
    await catalogueChanged(db());
    const sold = await home();
    expect(sold.deal_of_week.map((d) => d.id)).not.toContain(deal.id);
    for (const d of sold.deal_of_week) {
      const v = await db()
        .selectFrom('variants')
        .select('stock')
        .where('id', '=', d.product?.vid ?? 0)
        .executeTakeFirstOrThrow();
      expect(v.stock).toBeGreaterThan(0);
    }

    await db().updateTable('variants').set({ stock: variant.stock }).where('id', '=', variant.id).execute();
    await catalogueChanged(db());
    expect((await home()).deal_of_week.map((d) => d.id)).toContain(deal.id);
  });
});
