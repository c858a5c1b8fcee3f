import { STOCK_EDIT_MESSAGES } from '../../schemas/staff.ts';
import { ledgerSums } from '../../server/modules/inventory/index.ts';
import { BACKENDS, createAgent, describeBackends, openTwoInstances } from '../helpers/app.ts';
import { createOrder, stockOf } from '../helpers/orders.ts';
import { createCustomer } from './cart-fixtures.ts';
import { newStaff, signedInStaff, STAFF_PASSWORD } from './staff-fixtures.ts';
import { currentCode } from '../../server/modules/staff/index.ts';

// The console's stock edits and publishing (docs/decisions/019): a count of the shelf with a reason, through the
// inventory module's ledger, never below what live orders hold; an unpublished product leaves the listing, search
// and its page, on every instance within about a second (docs/caches-across-instances.md).

process.env.OUTBOX_WORKER = 'off';
delete process.env.OPS_TOKEN;

describeBackends('operations console: stock and publishing', (ctx) => {
  async function pickVariant(offset = 0) {
    return ctx()
      .handle.db.selectFrom('variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select(['v.id', 'v.product_id', 'v.stock', 'p.name', 'p.slug'])
      .where('v.is_default', '=', true)
      .where('v.stock', '>', 10)
      .where('v.product_id', 'not in', (eb) =>
        eb.selectFrom('freebies as f').innerJoin('variants as fv', 'fv.id', 'f.variant_id').select('fv.product_id'),
      )
      .orderBy('v.id')
      .offset(offset)
      .limit(1)
      .executeTakeFirstOrThrow();
  }

  test('a count with a reason sets stock through the ledger, counting the units live orders hold; audited', async () => {
    const t = ctx();
    const { db } = t.handle;
    const editor = await signedInStaff(t, 'catalogue');
    const v = await pickVariant(3);
    const customerId = await createCustomer(db);
    await createOrder(db, { customerId, paymentMethod: 4, shipments: [{ lines: [{ variantId: v.id, quantity: 3 }] }] });
    const stock = await stockOf(db, v.id);
    const listed = (await editor.agent.get(`/api/ops/catalogue/variants?q=${encodeURIComponent(v.name)}`)).json().data.variants;
    expect(listed.find((r: { variant_id: number }) => r.variant_id === v.id)).toMatchObject({ stock, held: 3, is_published: true });

    const ledgerBefore = (await ledgerSums(db, [v.id])).get(v.id) ?? 0;
    const url = `/api/ops/catalogue/variants/${v.id}/stock`;
    const res = await editor.agent.post(url, { on_hand: 40, expected_stock: stock, reason: 'recount', note: 'Shelf B4' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.after).toEqual({ stock: 37, held: 3, on_hand: 40 });
    expect(await stockOf(db, v.id)).toBe(37);
    // The ledger moved by exactly the change, with who and why.
    expect((await ledgerSums(db, [v.id])).get(v.id)).toBe(ledgerBefore + 37 - stock);
    const row = await db
      .selectFrom('stock_ledger')
      .selectAll()
      .where('variant_id', '=', v.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      reason: 'staff_adjustment',
      staff_ref: `staff:${editor.id}`,
      note: 'recount: Shelf B4',
      delta: 37 - stock,
    });
    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'variant.stock')
      .where('staff_id', '=', editor.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ before: { stock, held: 3 }, after: { stock: 37, on_hand: 40 } });

    // Below the held units: a clear 4xx, nothing written.
    const below = await editor.agent.post(url, { on_hand: 2, expected_stock: 37, reason: 'damaged' });
    expect(below.statusCode).toBe(422);
    expect(below.json().message).toBe(STOCK_EDIT_MESSAGES.belowHeld(3));
    // Zero available is allowed when the shelf holds exactly what orders need.
    expect((await editor.agent.post(url, { on_hand: 3, expected_stock: 37, reason: 'damaged' })).statusCode).toBe(200);
    expect(await stockOf(db, v.id)).toBe(0);
    // A stale version (an order or another editor changed it) is a 409 with the current state.
    const stale = await editor.agent.post(url, { on_hand: 50, expected_stock: 37, reason: 'received' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().data.current).toEqual({ stock: 0, held: 3, on_hand: 3 });
    for (const body of [
      {},
      { on_hand: -1, expected_stock: 0, reason: 'recount' },
      { on_hand: 1.5, expected_stock: 0, reason: 'recount' },
      { on_hand: 5, expected_stock: 0, reason: 'because' },
    ])
      expect((await editor.agent.post(url, body)).statusCode).toBe(400);
    expect(
      (await editor.agent.post('/api/ops/catalogue/variants/999999999/stock', { on_hand: 1, expected_stock: 0, reason: 'recount' }))
        .statusCode,
    ).toBe(404);
    const support = await signedInStaff(t, 'support');
    expect((await support.agent.post(url, { on_hand: 9, expected_stock: 0, reason: 'recount' })).statusCode).toBe(403);
    expect(await stockOf(db, v.id)).toBe(0);
  });

  test('an unpublished product leaves the listing, search and its page at once; publishing brings it back', async () => {
    const t = ctx();
    const editor = await signedInStaff(t, 'catalogue');
    const v = await pickVariant(5);
    const shopper = t.agent();
    const page = () => shopper.get(`/api/product-details/product-detail-page?product_id=${v.product_id}&variant_id=${v.id}`);
    const searched = async () =>
      JSON.stringify(
        (await shopper.get(`/api/search/product-search-listing?q=${encodeURIComponent(v.name)}&pn=1&per_page=60`)).json().data.hits,
      );
    expect((await page()).statusCode).toBe(200);
    expect(await searched()).toContain(`"${v.slug}"`);

    const url = `/api/ops/catalogue/products/${v.product_id}/publish`;
    const off = await editor.agent.post(url, { published: false });
    expect(off.statusCode).toBe(200);
    expect((await page()).statusCode).toBe(404);
    expect(await searched()).not.toContain(`"${v.slug}"`);
    // Nor can it be added to a cart by its id.
    const refused = await shopper.post('/api/cart/add-to-cart', { variant_id: v.id, quantity: 1 });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('This product is no longer available.');
    const trail = await t.handle.db.selectFrom('audit_log').selectAll().where('target', '=', `product:${v.product_id}`).execute();
    expect(trail.map((a) => a.action)).toEqual(['product.unpublish']);

    expect((await editor.agent.post(url, { published: true })).statusCode).toBe(200);
    expect((await page()).statusCode).toBe(200);
    expect(await searched()).toContain(`"${v.slug}"`);
    expect((await shopper.post('/api/cart/add-to-cart', { variant_id: v.id, quantity: 1 })).statusCode).toBe(200);
    expect((await editor.agent.post(url, { published: 'no' })).statusCode).toBe(400);
    expect((await editor.agent.post('/api/ops/catalogue/products/999999999/publish', { published: true })).statusCode).toBe(404);
    const marketing = await signedInStaff(t, 'marketing');
    expect((await marketing.agent.post(url, { published: false })).statusCode).toBe(403);
  });
});

describe.skipIf(!BACKENDS.includes('postgres'))('console edits on one instance reach the other within a second', () => {
  test('unpublish on A hides the product on B; a stock count on A shows on B', async () => {
    const { a, b, handle, close } = await openTwoInstances();
    try {
      const staff = await newStaff({ handle } as never, 'catalogue');
      const editor = createAgent(a);
      const signIn = await editor.post('/api/ops/staff/sign-in', {
        email: staff.email,
        password: STAFF_PASSWORD,
        code: await currentCode(staff.secret),
      });
      expect(signIn.statusCode).toBe(200);
      const v = await handle.db
        .selectFrom('variants as v')
        .innerJoin('products as p', 'p.id', 'v.product_id')
        .select(['v.id', 'v.product_id', 'v.stock', 'p.name'])
        .where('v.is_default', '=', true)
        .where('v.stock', '>', 10)
        .orderBy('v.id', 'desc')
        .executeTakeFirstOrThrow();
      const onB = createAgent(b);
      const pageOnB = () => onB.get(`/api/product-details/product-detail-page?product_id=${v.product_id}&variant_id=${v.id}`);
      const hitOnB = async () =>
        (
          (await onB.get(`/api/search/product-search-listing?q=${encodeURIComponent(v.name)}&pn=1&per_page=60`)).json().data.hits as Array<{
            vid: number;
            stock_status: string;
          }>
        ).find((h) => h.vid === v.id);
      expect((await pageOnB()).statusCode).toBe(200);
      expect((await hitOnB())?.stock_status).toBe('instock');

      // Nothing left on the shelf (no order holds any): out of stock on B.
      expect(
        (await editor.post(`/api/ops/catalogue/variants/${v.id}/stock`, { on_hand: 0, expected_stock: v.stock, reason: 'damaged' }))
          .statusCode,
      ).toBe(200);
      const until = async (check: () => Promise<boolean>) => {
        const start = Date.now();
        while (!(await check())) {
          if (Date.now() - start > 1_500) throw new Error('not seen on the other instance within 1.5 s');
          await new Promise((r) => setTimeout(r, 50));
        }
        return Date.now() - start;
      };
      const stockMs = await until(async () => (await hitOnB())?.stock_status === 'outofstock');
      expect((await editor.post(`/api/ops/catalogue/products/${v.product_id}/publish`, { published: false })).statusCode).toBe(200);
      const hiddenMs = await until(async () => (await pageOnB()).statusCode === 404 && (await hitOnB()) === undefined);
      console.info(`console edits seen on the other instance after: stock ${stockMs} ms, unpublish ${hiddenMs} ms`);
    } finally {
      await close();
    }
  });
});
