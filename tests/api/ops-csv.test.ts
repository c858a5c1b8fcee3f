import { parse as parseCsv } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { CSV_LIMITS, CSV_MESSAGES } from '../../schemas/staff-catalogue.ts';
import { STAFF_FORBIDDEN } from '../../server/http/ops.ts';
import { ledgerSums } from '../../server/modules/inventory/index.ts';
import { type Agent, describeBackends } from '../helpers/app.ts';
import { multipartForm, PNG } from '../helpers/multipart.ts';
import { createOrder, stockOf } from '../helpers/orders.ts';
import { createCustomer } from './cart-fixtures.ts';
import { signedInStaff } from './staff-fixtures.ts';

// The console's catalogue file (docs/decisions/019): the export, the dry run's row-by-row report, and an apply that
// writes every row in one transaction or nothing, price and MRP as the single edit does, stock through the ledger.

process.env.OUTBOX_WORKER = 'off';
delete process.env.OPS_TOKEN;

const HEADER = 'sku,product,brand,category,price,mrp,stock,published';
const upload = (agent: Agent, url: string, csv: string | Buffer, name = 'file') =>
  agent.request({ method: 'POST', url, ...multipartForm([{ name, filename: 'catalogue.csv', type: 'text/csv', data: csv }]) });
const check = (agent: Agent, csv: string | Buffer) => upload(agent, '/api/ops/catalogue/csv/check', csv);
const apply = (agent: Agent, csv: string | Buffer) => upload(agent, '/api/ops/catalogue/csv/apply', csv);

describeBackends('operations console: catalogue CSV', (ctx) => {
  let editor: Awaited<ReturnType<typeof signedInStaff>>;
  type V = { id: number; sku: string; product_id: number; sale_price: number; mrp: number; stock: number };
  let a: V;
  let b: V;
  let c: V;

  beforeAll(async () => {
    const t = ctx();
    editor = await signedInStaff(t, 'catalogue');
    const rows = await t.handle.db
      .selectFrom('variants')
      .select(['id', 'sku', 'product_id', 'sale_price', 'mrp', 'stock'])
      .where('stock', '>', 10)
      .where('mrp', '>', 100_000)
      .where('product_id', 'not in', (eb) =>
        eb.selectFrom('freebies as f').innerJoin('variants as fv', 'fv.id', 'f.variant_id').select('fv.product_id'),
      )
      .orderBy('id')
      .offset(20)
      .limit(3)
      .execute();
    [a, b, c] = rows as [V, V, V];
  });

  const snapshot = async () =>
    ctx()
      .handle.db.selectFrom('variants')
      .select(['id', 'sale_price', 'mrp', 'stock'])
      .where('id', 'in', [a.id, b.id, c.id])
      .orderBy('id')
      .execute();
  const auditCount = async () =>
    Number(
      (
        await ctx()
          .handle.db.selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const r = (p: number) => (p / 100).toFixed(2);

  test('the export lists every variant with its columns, price and MRP in rupees, stock on hand', async () => {
    const t = ctx();
    const res = await editor.agent.get('/api/ops/catalogue/csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="kasrat-catalogue-\d{4}-\d{2}-\d{2}\.csv"/);
    const records = parseCsv(res.body, { bom: true, columns: true }) as Array<Record<string, string>>;
    const total = Number(
      (
        await t.handle.db
          .selectFrom('variants')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(records).toHaveLength(total);
    expect(Object.keys(records[0] ?? {})).toEqual([...HEADER.split(','), 'exported']);
    expect(records.find((x) => x.sku === a.sku)).toMatchObject({
      price: r(a.sale_price),
      mrp: r(a.mrp),
      stock: String(a.stock),
      published: 'yes',
      exported: `${r(a.sale_price)}|${r(a.mrp)}|${a.stock}`,
    });
  });

  test('the dry run reports each bad row with its field and message, and writes nothing', async () => {
    const t = ctx();
    const customerId = await createCustomer(t.handle.db);
    await createOrder(t.handle.db, { customerId, paymentMethod: 4, shipments: [{ lines: [{ variantId: c.id, quantity: 2 }] }] });
    c.stock = await stockOf(t.handle.db, c.id);
    const before = await snapshot();
    const audits = await auditCount();
    const csv = [
      HEADER,
      `${a.sku},x,x,x,${r(a.sale_price - 100)},${r(a.mrp)},${a.stock},yes`, // line 2: fine
      'NO-SUCH-SKU,x,x,x,100,200,5,yes', // 3: unknown SKU
      `${b.sku},x,x,x,-5,200,5,yes`, // 4: price below zero
      `${c.sku},x,x,x,300,200,5,yes`, // 5: MRP below price
      `${c.sku},x,x,x,100,200,1,yes`, // 6: duplicate SKU; also below the 2 held units
      `${b.sku},x,x,x,abc,200,5,yes`, // 7: duplicate, and a bad number
      `,x,x,x,100,200,2.5,yes`, // 8: no SKU, stock not whole
    ].join('\n');
    const res = await check(editor.agent, csv);
    expect(res.statusCode).toBe(200);
    const report = res.json().data;
    expect(res.json().message).toBe(CSV_MESSAGES.hasErrors(6));
    expect(report.valid).toBe(false);
    expect(report.rows).toBe(7);
    const issues = report.issues.map((i: { row: number; field: string; message: string }) => [i.row, i.field, i.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        [3, 'sku', CSV_MESSAGES.unknownSku],
        [4, 'price', CSV_MESSAGES.negative],
        [5, 'mrp', CSV_MESSAGES.mrpBelowPrice],
        [6, 'sku', CSV_MESSAGES.duplicateSku(5)],
        [7, 'sku', CSV_MESSAGES.duplicateSku(4)],
        [7, 'price', CSV_MESSAGES.amount],
        [8, 'sku', 'Every row needs a SKU.'],
        [8, 'stock', CSV_MESSAGES.units],
      ]),
    );
    expect(issues.some((i: unknown[]) => i[0] === 2)).toBe(false);
    expect(report.changes).toEqual([
      expect.objectContaining({ row: 2, sku: a.sku, after: { price: a.sale_price - 100, mrp: a.mrp, on_hand: a.stock } }),
    ]);

    // Stock below what live orders hold, on its own row.
    const held = await check(editor.agent, `${HEADER}\n${c.sku},x,x,x,${r(c.sale_price)},${r(c.mrp)},1,yes`);
    expect(held.json().data.issues).toEqual([{ row: 2, sku: c.sku, field: 'stock', message: CSV_MESSAGES.belowHeld(2) }]);

    // Applying the bad file writes nothing at all, not even its good row.
    const applied = await apply(editor.agent, csv);
    expect(applied.statusCode).toBe(422);
    expect(applied.json().message).toBe(CSV_MESSAGES.hasErrors(6));
    expect(await snapshot()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  test('a valid file applies every row in one go: price through the edit, stock through the ledger, audited', async () => {
    const t = ctx();
    const { db } = t.handle;
    c.stock = await stockOf(db, c.id);
    const ledgerBefore = await ledgerSums(db, [a.id, b.id, c.id]);
    const csv = [
      HEADER,
      `${a.sku},x,x,x,"1,234.50",${r(a.mrp + 200_000)},${a.stock},yes`,
      `${b.sku},x,x,x,${r(b.sale_price)},${r(b.mrp)},${b.stock + 7},no`,
      // Unchanged: nothing written for it.
      `${c.sku},x,x,x,${r(c.sale_price)},${r(c.mrp)},${c.stock + 2},yes`,
    ].join('\r\n');
    const dry = await check(editor.agent, csv);
    expect(dry.json().data).toMatchObject({ valid: true, rows: 3 });
    expect(dry.json().message).toBe(CSV_MESSAGES.checked(3, 2));

    const res = await apply(editor.agent, csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: CSV_MESSAGES.applied(2), data: { rows: 3, changed: 2 } });
    const after = await snapshot();
    expect(after.find((x) => x.id === a.id)).toMatchObject({ sale_price: 123_450, mrp: a.mrp + 200_000, stock: a.stock });
    expect(after.find((x) => x.id === b.id)).toMatchObject({ sale_price: b.sale_price, stock: b.stock + 7 });
    expect(after.find((x) => x.id === c.id)).toMatchObject({ stock: c.stock });
    const ledger = await ledgerSums(db, [b.id]);
    expect(ledger.get(b.id)).toBe((ledgerBefore.get(b.id) ?? 0) + 7);
    const row = await db
      .selectFrom('stock_ledger')
      .selectAll()
      .where('variant_id', '=', b.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reason: 'staff_adjustment', staff_ref: `staff:${editor.id}`, note: 'csv import', delta: 7 });
    const audit = await db.selectFrom('audit_log').selectAll().where('staff_id', '=', editor.id).orderBy('id').execute();
    const actions = audit.filter((e) => e.request_id === res.headers['x-request-id']).map((e) => [e.action, e.target]);
    expect(actions).toEqual([
      ['variant.price', `variant:${a.id}`],
      ['variant.stock', `variant:${b.id}`],
      ['catalogue.csv-import', 'catalogue'],
    ]);

    // The storefront's product page shows the new price.
    const page = await t.agent().get(`/api/product-details/product-detail-page?product_id=${a.product_id}&variant_id=${a.id}`);
    expect(page.body).toContain('"sale_price":123450');
  });

  test('files that are not a readable CSV, too large or too long are refused with a clear 4xx', async () => {
    const before = await snapshot();
    const missing = await check(editor.agent, 'sku,price\nX,1');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(CSV_MESSAGES.missingColumns(['mrp', 'stock']));
    expect((await check(editor.agent, `${HEADER}\n`)).json().message).toBe(CSV_MESSAGES.empty);
    expect((await check(editor.agent, PNG)).json().message).toBe(CSV_MESSAGES.notText);
    expect((await check(editor.agent, Buffer.from([0x73, 0x6b, 0x75, 0xff, 0xfe, 0x0a]))).json().message).toBe(CSV_MESSAGES.notText);
    const broken = await check(editor.agent, `${HEADER}\n"${a.sku},x,x,x,1,2,3,yes\n`);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/^The file could not be read as CSV/);
    const ragged = await check(editor.agent, `${HEADER}\n${a.sku},1,2\n`);
    expect(ragged.statusCode).toBe(400);
    expect(ragged.json().message).toMatch(/line 2/);

    const big = await check(editor.agent, `${HEADER}\n${'x'.repeat(CSV_LIMITS.maxBytes + 10)}`);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(CSV_MESSAGES.tooLarge);
    const long = await check(editor.agent, `${HEADER}\n${`${a.sku},x,x,x,1,2,3,yes\n`.repeat(CSV_LIMITS.maxRows + 1)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(CSV_MESSAGES.tooManyRows);

    const json = await editor.agent.post('/api/ops/catalogue/csv/apply', {});
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(CSV_MESSAGES.notMultipart);
    const wrongField = await upload(editor.agent, '/api/ops/catalogue/csv/apply', `${HEADER}\n`, 'other');
    expect(wrongField.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  test('roles without catalogue:write get 403 and write nothing; the export needs catalogue:read', async () => {
    const t = ctx();
    const before = await snapshot();
    const support = await signedInStaff(t, 'support');
    const csv = `${HEADER}\n${a.sku},x,x,x,1,2,3,yes`;
    for (const res of [await check(support.agent, csv), await apply(support.agent, csv)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(STAFF_FORBIDDEN);
    }
    expect(await snapshot()).toEqual(before);
    expect((await support.agent.get('/api/ops/catalogue/csv')).statusCode).toBe(200);
    expect((await t.agent().get('/api/ops/catalogue/csv')).statusCode).toBe(401);
  });

  /** The export's rows of these SKUs, as the console downloads them, for a file made of them. */
  const exported = async (skus: readonly string[]) => {
    const res = await editor.agent.get('/api/ops/catalogue/csv');
    const records = parseCsv(res.body, { bom: true, columns: true }) as Array<Record<string, string>>;
    const bySku = new Map(records.map((x) => [x.sku, x]));
    return skus.map((sku) => ({ ...(bySku.get(sku) as Record<string, string>) }));
  };
  const fileOf = (records: Array<Record<string, string>>) => stringify(records, { header: true });

  test('a stale export is refused row by row (409, what changed) and writes nothing; a fresh one applies', async () => {
    const t = ctx();
    const { db } = t.handle;
    for (const v of [a, b, c])
      Object.assign(
        v,
        await db.selectFrom('variants').select(['sale_price', 'mrp', 'stock']).where('id', '=', v.id).executeTakeFirstOrThrow(),
      );
    const old = await exported([a.sku, b.sku, c.sku]);

    // A colleague lowers a's price and writes off 7 damaged units of b through the single edits.
    const colleague = await signedInStaff(t, 'catalogue');
    const price = await colleague.agent.post(`/api/ops/catalogue/variants/${a.id}/price`, {
      price: a.sale_price - 5_000,
      mrp: a.mrp,
      expected_price: a.sale_price,
      expected_mrp: a.mrp,
    });
    expect(price.statusCode).toBe(200);
    const writeOff = await colleague.agent.post(`/api/ops/catalogue/variants/${b.id}/stock`, {
      on_hand: b.stock - 7,
      expected_stock: b.stock,
      reason: 'damaged',
    });
    expect(writeOff.statusCode).toBe(200);
    const kept = await snapshot();
    const audits = await auditCount();
    const ledger = await ledgerSums(db, [a.id, b.id, c.id]);

    // The old file, with one change of the operator's own on c.
    const edited = old.map((x) => (x.sku === c.sku ? { ...x, price: r(c.sale_price - 100) } : x));
    const conflicts = [
      { row: 2, sku: a.sku, field: 'price', exported: a.sale_price, current: a.sale_price - 5_000 },
      { row: 3, sku: b.sku, field: 'stock', exported: b.stock, current: b.stock - 7 },
    ];
    for (const call of [check, apply]) {
      const res = await call(editor.agent, fileOf(edited));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(CSV_MESSAGES.stale(2));
      expect(res.json().data).toMatchObject({ valid: false, conflicts });
    }
    // Nothing written: the colleague's price and write-off stand, no ledger row, no audit entry, not even c's change.
    expect(await snapshot()).toEqual(kept);
    expect(await ledgerSums(db, [a.id, b.id, c.id])).toEqual(ledger);
    expect(await auditCount()).toBe(audits);

    // Dropping the stale rows applies the rest.
    const dropped = await apply(editor.agent, fileOf(edited.filter((x) => x.sku === c.sku)));
    expect(dropped.statusCode).toBe(200);
    expect(dropped.json().data).toEqual({ rows: 1, changed: 1 });

    // A fresh export applies, with the operator's changes on it.
    const fresh = (await exported([a.sku, b.sku])).map((x) => (x.sku === b.sku ? { ...x, stock: String(b.stock - 7 + 3) } : x));
    const res = await apply(editor.agent, fileOf(fresh));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ rows: 2, changed: 1 });
    const after = await snapshot();
    expect(after.find((x) => x.id === a.id)).toMatchObject({ sale_price: a.sale_price - 5_000 });
    expect(after.find((x) => x.id === b.id)).toMatchObject({ stock: b.stock - 4 });
    expect(after.find((x) => x.id === c.id)).toMatchObject({ sale_price: c.sale_price - 100 });

    // A tampered export cell is an error of its row, not a way around the check.
    const tampered = await check(
      editor.agent,
      fileOf([{ ...(await exported([a.sku]))[0], exported: 'whatever' } as Record<string, string>]),
    );
    expect(tampered.json().data.issues).toEqual([{ row: 2, sku: a.sku, field: 'exported', message: CSV_MESSAGES.exported }]);
  });

  test('hundreds of rows apply in one go: every price, every stock change with its ledger row and audit entry', async () => {
    const t = ctx();
    const { db } = t.handle;
    const held = db.selectFrom('order_items').select('variant_id');
    const picked = await db
      .selectFrom('variants')
      .select(['id', 'sku', 'sale_price', 'mrp', 'stock'])
      .where('stock', '>', 5)
      .where('sale_price', '>', 1_000)
      .where('id', 'not in', [a.id, b.id, c.id])
      .where('id', 'not in', held)
      .orderBy('id')
      .limit(300)
      .execute();
    expect(picked.length).toBe(300);
    const records = await exported(picked.map((v) => v.sku));
    // Every other row cheaper by ₹5; every third row +3 units, every fifth −2 (a row can change both).
    const want = new Map(
      picked.map((v, i) => [
        v.id,
        { price: i % 2 ? v.sale_price - 500 : v.sale_price, stock: v.stock + (i % 3 === 0 ? 3 : 0) - (i % 5 === 0 ? 2 : 0) },
      ]),
    );
    const file = records.map((x, i) => {
      const v = picked[i] as (typeof picked)[number];
      const w = want.get(v.id) as { price: number; stock: number };
      return { ...x, price: r(w.price), stock: String(w.stock) };
    });
    const changed = picked.filter((v) => {
      const w = want.get(v.id) as { price: number; stock: number };
      return w.price !== v.sale_price || w.stock !== v.stock;
    });
    const ledgerBefore = await ledgerSums(
      db,
      picked.map((v) => v.id),
    );
    const res = await apply(editor.agent, fileOf(file));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ rows: 300, changed: changed.length });
    const now = await db
      .selectFrom('variants')
      .select(['id', 'sale_price', 'mrp', 'stock'])
      .where(
        'id',
        'in',
        picked.map((v) => v.id),
      )
      .execute();
    const ledgerAfter = await ledgerSums(
      db,
      picked.map((v) => v.id),
    );
    for (const v of picked) {
      const w = want.get(v.id) as { price: number; stock: number };
      expect(now.find((x) => x.id === v.id)).toEqual({ id: v.id, sale_price: w.price, mrp: v.mrp, stock: w.stock });
      expect((ledgerAfter.get(v.id) ?? 0) - (ledgerBefore.get(v.id) ?? 0)).toBe(w.stock - v.stock);
    }
    const entries = await db
      .selectFrom('audit_log')
      .select(['action', 'target'])
      .where('request_id', '=', String(res.headers['x-request-id']))
      .execute();
    const priced = picked.filter((v) => (want.get(v.id) as { price: number }).price !== v.sale_price).length;
    const stocked = picked.filter((v) => (want.get(v.id) as { stock: number }).stock !== v.stock).length;
    expect(entries.filter((e) => e.action === 'variant.price')).toHaveLength(priced);
    expect(entries.filter((e) => e.action === 'variant.stock')).toHaveLength(stocked);
    expect(entries.filter((e) => e.action === 'catalogue.csv-import')).toHaveLength(1);
  });
});
