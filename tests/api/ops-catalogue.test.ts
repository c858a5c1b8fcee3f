import { CATALOGUE_EDIT_MESSAGES } from '../../schemas/staff.ts';
import { describeBackends } from '../helpers/app.ts';
import { signedInStaff } from './staff-fixtures.ts';

// The console's price edit (docs/decisions/019): validated, optimistic, audited, and shown by the storefront's
// product page and search at once.

process.env.OUTBOX_WORKER = 'off';

describeBackends('operations console: catalogue', (ctx) => {
  async function pickVariant() {
    const { db } = ctx().handle;
    return db
      .selectFrom('variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select(['v.id', 'v.product_id', 'v.sale_price', 'v.mrp', 'p.name', 'v.is_default'])
      .where('v.is_default', '=', true)
      .where('v.stock', '>', 0)
      .where('v.mrp', '>', 200_000)
      .orderBy('v.id')
      .executeTakeFirstOrThrow();
  }

  test('a catalogue editor finds a variant and changes its price; the product page and search show it at once', async () => {
    const t = ctx();
    const editor = await signedInStaff(t, 'catalogue');
    const v = await pickVariant();
    const found = await editor.agent.get(`/api/ops/catalogue/variants?q=${encodeURIComponent(v.name)}`);
    expect(found.statusCode).toBe(200);
    const row = found.json().data.variants.find((x: { variant_id: number }) => x.variant_id === v.id);
    expect(row).toMatchObject({ price: v.sale_price, mrp: v.mrp, product_id: v.product_id });

    const newPrice = v.mrp - 12_300;
    const res = await editor.agent.post(`/api/ops/catalogue/variants/${v.id}/price`, {
      price: newPrice,
      mrp: v.mrp,
      expected_price: v.sale_price,
      expected_mrp: v.mrp,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.after).toMatchObject({ price: newPrice, mrp: v.mrp });

    const page = await t.agent().get(`/api/product-details/product-detail-page?product_id=${v.product_id}&variant_id=${v.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`"sale_price":${newPrice}`);
    const search = await t.agent().get(`/api/search/product-search-listing?q=${encodeURIComponent(v.name)}&pn=1&per_page=60`);
    const hit = search.json().data.hits.find((h: { product_id?: number; id?: number }) => (h.product_id ?? h.id) === v.product_id);
    expect(hit).toBeDefined();
    expect(JSON.stringify(hit)).toContain(`"sale_price":${newPrice}`);

    // The owner sees who did it, before and after.
    const owner = await signedInStaff(t, 'owner');
    const trail = (await owner.agent.get('/api/ops/audit')).json().data.entries as Array<Record<string, unknown>>;
    expect(trail.find((e) => e.action === 'variant.price' && e.target === `variant:${v.id}`)).toMatchObject({
      actor: `staff:${editor.id}`,
      before: { price: v.sale_price, mrp: v.mrp },
      after: { price: newPrice, mrp: v.mrp },
    });
    // The handler's own entry is the only one for the request.
    expect(trail.filter((e) => e.request_id === res.headers['x-request-id'])).toHaveLength(1);
  });

  test('the second of two editors gets 409 with the current values, and nothing of theirs is written', async () => {
    const t = ctx();
    const first = await signedInStaff(t, 'catalogue');
    const second = await signedInStaff(t, 'owner');
    const v = await pickVariant();
    const seen = { expected_price: v.sale_price, expected_mrp: v.mrp };
    const url = `/api/ops/catalogue/variants/${v.id}/price`;
    expect((await first.agent.post(url, { price: v.sale_price - 100, mrp: v.mrp, ...seen })).statusCode).toBe(200);
    const late = await second.agent.post(url, { price: v.sale_price - 200, mrp: v.mrp + 100, ...seen });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(CATALOGUE_EDIT_MESSAGES.stale);
    expect(late.json().data.current).toMatchObject({ price: v.sale_price - 100, mrp: v.mrp });
    const now = await t.handle.db.selectFrom('variants').select(['sale_price', 'mrp']).where('id', '=', v.id).executeTakeFirstOrThrow();
    expect(now).toEqual({ sale_price: v.sale_price - 100, mrp: v.mrp });
  });

  test('a price below zero, an MRP below the price and malformed input are clear 4xx; support gets 403', async () => {
    const t = ctx();
    const editor = await signedInStaff(t, 'catalogue');
    const v = await pickVariant();
    const url = `/api/ops/catalogue/variants/${v.id}/price`;
    const seen = { expected_price: v.sale_price, expected_mrp: v.mrp };
    const negative = await editor.agent.post(url, { price: -1, mrp: v.mrp, ...seen });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toContain(CATALOGUE_EDIT_MESSAGES.negative);
    const inverted = await editor.agent.post(url, { price: v.mrp + 1, mrp: v.mrp, ...seen });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().message).toContain(CATALOGUE_EDIT_MESSAGES.mrpBelowPrice);
    for (const body of [{}, { price: 10.5, mrp: 100, ...seen }, { price: '100', mrp: 100, ...seen }])
      expect((await editor.agent.post(url, body)).statusCode).toBe(400);
    expect(
      (await editor.agent.post('/api/ops/catalogue/variants/999999999/price', { price: 1, mrp: 2, expected_price: 1, expected_mrp: 2 }))
        .statusCode,
    ).toBe(404);
    expect(
      (await editor.agent.post('/api/ops/catalogue/variants/abc/price', { price: 1, mrp: 2, expected_price: 1, expected_mrp: 2 }))
        .statusCode,
    ).toBe(400);
    const support = await signedInStaff(t, 'support');
    expect((await support.agent.post(url, { price: v.sale_price - 1, mrp: v.mrp, ...seen })).statusCode).toBe(403);
    const unchanged = await t.handle.db.selectFrom('variants').select('sale_price').where('id', '=', v.id).executeTakeFirstOrThrow();
    expect(unchanged.sale_price).toBe(v.sale_price);
  });
});
