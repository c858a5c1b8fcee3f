import { OrderDetails } from '../../schemas/orders.ts';
import type { Db } from '../../server/db/database.ts';
import { opsMove } from '../../server/flows/index.ts';
import { amountInWords } from '../../server/modules/orders/gst-rules.ts';
import { issueInvoice } from '../../server/modules/orders/tax-documents.ts';
import { type Agent, describeBackends, type TestApp } from '../helpers/app.ts';
import { multipartForm } from '../helpers/multipart.ts';
import { advance, createOrder, OPS_TOKEN_FOR_TESTS, setShipmentStatus } from '../helpers/orders.ts';
import { pdfText } from '../helpers/pdf.ts';
import { createCustomer, signInDirectly } from './cart-fixtures.ts';

// GST tax invoices and credit notes (docs/decisions/028-gst-tax-invoices.md), read back from the PDFs the shopper
// downloads. The seller is the default configuration: Delhi, GSTIN 07AAKCK4821R1ZW.

process.env.OPS_TOKEN = OPS_TOKEN_FOR_TESTS;
const OPS = { authorization: `Bearer ${OPS_TOKEN_FOR_TESTS}` };

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field; the zod schemas check shapes.
const json = (res: { json(): unknown }) => res.json() as { status: 0 | 1; message: string; data: any };
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const SERIAL = /^KSR\/\d\d-\d\d\/\d{6}$/;

async function shopper(t: TestApp): Promise<{ agent: Agent; customerId: number }> {
  const customerId = await createCustomer(t.handle.db);
  const agent = t.agent();
  await signInDirectly(t.handle.db, agent, customerId);
  return { agent, customerId };
}

async function details(agent: Agent, orderId: string) {
  const res = await agent.post('/api/order/shipment-details', { order_id: orderId });
  expect(res.statusCode).toBe(200);
  return OrderDetails.parse(json(res).data);
}

/** In-stock variants of a category (by slug), cheapest first. */
async function variantsOf(db: Db, slug: string, count: number) {
  const rows = await db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select(['v.id', 'v.sale_price'])
    .where('c.slug', '=', slug)
    .where('v.stock', '>=', 20)
    .where('v.id', 'not in', (eb) => eb.selectFrom('freebies').select('variant_id'))
    .orderBy('v.sale_price')
    .orderBy('v.id')
    .limit(count)
    .execute();
  expect(rows).toHaveLength(count);
  return rows;
}

/** "₹1,23,456.78" or "1,23,456.78" as paise. */
const paise = (text: string) => {
  const [r, p] = text.replace(/[₹,]/g, '').split('.');
  return Number(r) * 100 + Number(p);
};
/** The amount printed after a label in the totals block, in paise; undefined when the label is absent. */
const amountAfter = (text: string, label: string) => {
  const m = new RegExp(`${label}\\s+₹([\\d,]+\\.\\d\\d)`).exec(text);
  return m ? paise(m[1] as string) : undefined;
};
/** round(gross × 100 / (100 + rate)), computed here independently of the module. */
const taxableOf = (gross: number, ratePercent: number) => Math.round((gross * 100) / (100 + ratePercent));

async function invoicePdf(agent: Agent, shipmentNumber: string) {
  const res = await agent.get(`/api/order/shipment-invoice?shipmentId=${shipmentNumber}`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return pdfText(res.rawPayload);
}

describeBackends('GST tax invoices', (ctx) => {
  const db = (): Db => ctx().handle.db;

  test('intrastate (Delhi → Delhi): CGST + SGST, HSN and rate per line, totals equal what was paid, to the paisa', async () => {
    const { agent, customerId } = await shopper(ctx());
    const [whey] = await variantsOf(db(), 'whey-protein', 1);
    const [butter] = await variantsOf(db(), 'peanut-butter', 1);
    const order = await createOrder(db(), {
      customerId,
      paymentMethod: 1,
      couponDiscount: 9_999,
      shipments: [
        {
          lines: [
            { variantId: whey!.id, quantity: 3 },
            { variantId: butter!.id, quantity: 1 },
          ],
          shippingTotal: 4_900,
        },
      ],
    });
    // Delivered inside the seller's state.
    const address = {
      full_name: 'Meera Kapoor',
      mobile: '9811111111',
      address: '12, Hauz Khas Village',
      city: 'New Delhi',
      state: 'Delhi',
      pincode: '110016',
    };
    await db()
      .updateTable('orders')
      .set({ address: JSON.stringify(address) })
      .where('id', '=', order.id)
      .execute();
    const s = order.shipments[0]!;
    await advance(db(), s.shipmentNumber, 'shipped');

    const text = await invoicePdf(agent, s.shipmentNumber);
    const d = await details(agent, order.orderNumber);
    const serial = /Invoice no\. (\S+)/.exec(text)?.[1];
    expect(serial).toMatch(SERIAL);
    expect(text).toContain('GSTIN 07AAKCK4821R1ZW');
    expect(text).toContain('Kasrat Nutrition Private Limited');
    expect(text).toContain('Okhla Industrial Estate');
    expect(text).toContain('Place of supply: Delhi (07)');
    expect(text).toContain('Meera Kapoor');
    expect(text).toContain('12, Hauz Khas Village');
    expect(text).toMatch(/CGST \(₹\)/);
    expect(text).toMatch(/SGST \(₹\)/);
    expect(text).not.toContain('IGST');
    // Each line with its HSN and rate: whey 2106 at 18%, peanut butter 2008 at 5%, delivery 9968 at the main rate.
    const items = d.shipments[0]!.shipment_items;
    const wheyLine = items.find((i) => i.variant_id === whey!.id)!;
    const butterLine = items.find((i) => i.variant_id === butter!.id)!;
    expect(text).toMatch(/2106\s+3\s/);
    expect(text).toMatch(/2008\s+1\s/);
    expect(text).toMatch(/Delivery charge\s+9968\s+1\s/);
    expect(text).toMatch(/ 5%/);
    expect(text).toMatch(/ 18%/);

    const main = wheyLine.paid >= butterLine.paid ? 18 : 5;
    const expectedTaxable = taxableOf(wheyLine.paid, 18) + taxableOf(butterLine.paid, 5) + taxableOf(4_900, main);
    const taxable = amountAfter(text, 'Taxable value');
    const cgst = amountAfter(text, 'CGST');
    const sgst = amountAfter(text, 'SGST');
    const total = amountAfter(text, 'Invoice total');
    expect(taxable).toBe(expectedTaxable);
    expect(Math.abs(cgst! - sgst!)).toBeLessThanOrEqual(3);
    expect(taxable! + cgst! + sgst!).toBe(total);
    expect(total).toBe(d.order.paid_total);
    expect(total).toBe(d.order.total);
    expect(text).toContain(`Amount in words: ${amountInWords(total!)}`);
  });

  test('interstate (Delhi → Karnataka): IGST only; pay on delivery adds up to what the courier collected', async () => {
    const { agent, customerId } = await shopper(ctx());
    const [a, b] = await variantsOf(db(), 'whey-protein', 2);
    const order = await createOrder(db(), {
      customerId,
      paymentMethod: 4,
      couponDiscount: 3_333,
      shipments: [
        {
          lines: [
            { variantId: a!.id, quantity: 1 },
            { variantId: b!.id, quantity: 2 },
          ],
          shippingTotal: 7_500,
        },
      ],
    });
    const s = order.shipments[0]!;
    await advance(db(), s.shipmentNumber, 'delivered');
    const text = await invoicePdf(agent, s.shipmentNumber);
    const d = await details(agent, order.orderNumber);
    expect(text).toContain('Place of supply: Karnataka (29)');
    expect(text).toMatch(/IGST \(₹\)/);
    expect(text).not.toContain('CGST');
    expect(text).not.toContain('SGST');
    const items = d.shipments[0]!.shipment_items;
    const expectedTaxable = items.reduce((n, i) => n + taxableOf(i.paid, 18), 0) + taxableOf(7_500, 18);
    const taxable = amountAfter(text, 'Taxable value');
    const igst = amountAfter(text, 'IGST');
    const total = amountAfter(text, 'Invoice total');
    expect(taxable).toBe(expectedTaxable);
    expect(taxable! + igst!).toBe(total);
    // Pay on delivery: what the courier collected is the order's paid total.
    expect(d.order.paid_total).toBeGreaterThan(0);
    expect(total).toBe(d.order.paid_total);
    expect(text).toContain(amountInWords(total!));
  });

  test('serials: one per shipment at dispatch, consecutive, kept on re-download; a rolled-back issue takes no number; a new year starts at 1', async () => {
    const { agent, customerId } = await shopper(ctx());
    const [a] = await variantsOf(db(), 'whey-protein', 1);
    const made = [];
    for (let i = 0; i < 3; i++)
      made.push(await createOrder(db(), { customerId, paymentMethod: 1, shipments: [{ lines: [{ variantId: a!.id, quantity: 1 }] }] }));
    // Packed is not dispatched: no invoice yet.
    await advance(db(), made[0]!.shipments[0]!.shipmentNumber, 'packed');
    expect(await db().selectFrom('tax_invoices').select('id').where('shipment_id', '=', made[0]!.shipments[0]!.id).execute()).toEqual([]);
    const numbers = [];
    for (const o of made) {
      const s = o.shipments[0]!;
      if (o !== made[0]) await advance(db(), s.shipmentNumber, 'packed');
      await opsMove(db(), s.shipmentNumber, 'ship', { awb: 'SER1234567' });
      const row = await db()
        .selectFrom('tax_invoices')
        .select(['serial', 'number', 'fy'])
        .where('shipment_id', '=', s.id)
        .executeTakeFirstOrThrow();
      expect(row.serial).toMatch(SERIAL);
      expect(row.serial).toBe(`KSR/${row.fy.slice(2)}/${String(row.number).padStart(6, '0')}`);
      numbers.push(row.number);
    }
    expect(numbers).toEqual([numbers[0], numbers[0]! + 1, numbers[0]! + 2]);
    // The same serial on every download.
    const first = made[0]!.shipments[0]!;
    const serialOf = (text: string) => /Invoice no\. (\S+)/.exec(text)?.[1];
    expect(serialOf(await invoicePdf(agent, first.shipmentNumber))).toBe(serialOf(await invoicePdf(agent, first.shipmentNumber)));

    // A transaction that issues an invoice and then fails leaves the counter as it was.
    const spare = await createOrder(db(), { customerId, paymentMethod: 1, shipments: [{ lines: [{ variantId: a!.id, quantity: 1 }] }] });
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await issueInvoice(trx, spare.shipments[0]!.id);
          throw new Error('rolled back');
        }),
    ).rejects.toThrow('rolled back');
    expect(await db().selectFrom('tax_invoices').select('id').where('shipment_id', '=', spare.shipments[0]!.id).execute()).toEqual([]);
    await advance(db(), spare.shipments[0]!.shipmentNumber, 'shipped');
    const next = await db()
      .selectFrom('tax_invoices')
      .select('number')
      .where('shipment_id', '=', spare.shipments[0]!.id)
      .executeTakeFirstOrThrow();
    expect(next.number).toBe(numbers[2]! + 1);

    // In a new financial year the series starts again at 1.
    const later = await createOrder(db(), { customerId, paymentMethod: 1, shipments: [{ lines: [{ variantId: a!.id, quantity: 1 }] }] });
    await advance(db(), later.shipments[0]!.shipmentNumber, 'packed');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2031-04-01T00:05:00+05:30'));
      await opsMove(db(), later.shipments[0]!.shipmentNumber, 'ship', { awb: 'FY12345678' });
    } finally {
      vi.useRealTimers();
    }
    const fy = await db()
      .selectFrom('tax_invoices')
      .select(['serial', 'fy'])
      .where('shipment_id', '=', later.shipments[0]!.id)
      .executeTakeFirstOrThrow();
    expect(fy).toEqual({ serial: 'KSR/31-32/000001', fy: '2031-32' });
  });

  // On PostgreSQL the dispatches run on separate connections at once; PGlite runs the same test one at a time.
  test('shipments dispatched at once get distinct consecutive serials, with no gap', async () => {
    const { customerId } = await shopper(ctx());
    const [a] = await variantsOf(db(), 'whey-protein', 1);
    const orders = [];
    for (let i = 0; i < 12; i++) {
      const o = await createOrder(db(), { customerId, paymentMethod: 1, shipments: [{ lines: [{ variantId: a!.id, quantity: 1 }] }] });
      await advance(db(), o.shipments[0]!.shipmentNumber, 'packed');
      orders.push(o);
    }
    const answers = await Promise.all(
      orders.map((o) =>
        ctx().app.inject({
          method: 'POST',
          url: `/api/ops/shipments/${o.shipments[0]!.shipmentNumber}/ship`,
          headers: OPS,
          payload: { awb: 'RACE123456' },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(orders.map(() => 200));
    const rows = await db()
      .selectFrom('tax_invoices')
      .select(['number', 'fy'])
      .where(
        'shipment_id',
        'in',
        orders.map((o) => o.shipments[0]!.id),
      )
      .execute();
    const numbers = rows.map((r) => r.number).sort((x, y) => x - y);
    expect(numbers).toHaveLength(12);
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
    // And across the whole year: every number from 1 to the counter is used exactly once.
    const fy = rows[0]!.fy;
    const all = (await db().selectFrom('tax_invoices').select('number').where('fy', '=', fy).where('serial', 'like', 'KSR/%').execute())
      .map((r) => r.number)
      .sort((x, y) => x - y);
    const counter = await db()
      .selectFrom('tax_document_series')
      .select('last_number')
      .where('series', '=', 'KSR')
      .where('fy', '=', fy)
      .executeTakeFirstOrThrow();
    expect(all).toEqual(Array.from({ length: counter.last_number }, (_, i) => i + 1));
  });

  test('a returned line gets a credit note: its own serial, the invoice it reduces, the same IGST split, the refund to the paisa', async () => {
    const { agent, customerId } = await shopper(ctx());
    const [a, b] = await variantsOf(db(), 'whey-protein', 2);
    const order = await createOrder(db(), {
      customerId,
      paymentMethod: 1,
      couponDiscount: 5_001,
      shipments: [
        {
          lines: [
            { variantId: a!.id, quantity: 2 },
            { variantId: b!.id, quantity: 1 },
          ],
          shippingTotal: 5_000,
        },
      ],
    });
    const s = order.shipments[0]!;
    await advance(db(), s.shipmentNumber, 'delivered');
    const invoiceText = await invoicePdf(agent, s.shipmentNumber);
    const invoiceSerial = /Invoice no\. (\S+)/.exec(invoiceText)?.[1];

    const itemA = s.items.find((i) => i.variantId === a!.id)!;
    const photo = multipartForm([
      { name: 'shipmentId', data: s.shipmentNumber },
      { name: 'file', filename: 'photo.png', type: 'image/png', data: PNG },
    ]);
    const media = json(await agent.request({ method: 'POST', url: '/api/order/return-shipment-media', ...photo })).data.media_id;
    const submit = await agent.post('/api/order/return-shipment-submit', {
      shipmentId: s.shipmentNumber,
      reason_id: 'seal_broken',
      items: [{ order_item_id: itemA.id, quantity: 2 }],
      media_ids: [media],
    });
    expect(submit.statusCode).toBe(200);
    const ops = (action: string) =>
      ctx().app.inject({ method: 'POST', url: `/api/ops/shipments/${s.shipmentNumber}/${action}`, headers: OPS, payload: {} });
    expect((await ops('pickup-return')).statusCode).toBe(200);
    expect((await ops('receive-return')).statusCode).toBe(200);

    const d = await details(agent, order.orderNumber);
    const refund = d.shipments[0]!.refunds[0]!;
    expect(refund.credit_note).toMatch(/^KCN\/\d\d-\d\d\/\d{6}$/);
    const res = await agent.get(`/api/order/credit-note?serial=${encodeURIComponent(refund.credit_note!)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${refund.credit_note!.replace(/\//g, '-')}.pdf"`);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Credit Note');
    expect(text).toContain(`Credit note no. ${refund.credit_note}`);
    expect(text).toContain(`Against tax invoice ${invoiceSerial}`);
    expect(text).toContain('GSTIN 07AAKCK4821R1ZW');
    expect(text).toContain('Place of supply: Karnataka (29)');
    expect(text).toMatch(/2106\s+2\s/);
    expect(text).not.toContain('CGST');
    const taxable = amountAfter(text, 'Taxable value');
    const igst = amountAfter(text, 'IGST');
    const total = amountAfter(text, 'Credit note total');
    const paidA = d.shipments[0]!.shipment_items.find((i) => i.order_item_id === itemA.id)!.paid;
    expect(total).toBe(refund.amount);
    expect(total).toBe(paidA);
    expect(taxable).toBe(taxableOf(paidA, 18));
    expect(taxable! + igst!).toBe(total);
    expect(text).toContain(`Amount credited in words: ${amountInWords(total!)}`);

    // Only the shopper's own; a serial that is not one is a clear 400.
    const other = await shopper(ctx());
    expect((await other.agent.get(`/api/order/credit-note?serial=${encodeURIComponent(refund.credit_note!)}`)).statusCode).toBe(404);
    expect((await agent.get('/api/order/credit-note?serial=KCN/26-27/999999')).statusCode).toBe(404);
    const bad = await agent.get('/api/order/credit-note?serial=..%2Fetc');
    expect(bad.statusCode).toBe(400);
    expect(
      (
        await ctx()
          .agent()
          .get(`/api/order/credit-note?serial=${encodeURIComponent(refund.credit_note!)}`)
      ).statusCode,
    ).toBe(401);
  });
  test('goods delivered before invoices were issued at dispatch: their return is invoiced then, and credited', async () => {
    const { agent, customerId } = await shopper(ctx());
    const [a] = await variantsOf(db(), 'whey-protein', 1);
    const order = await createOrder(db(), { customerId, paymentMethod: 1, shipments: [{ lines: [{ variantId: a!.id, quantity: 1 }] }] });
    const s = order.shipments[0]!;
    // Straight to delivered, as data from before the series: no invoice row.
    await setShipmentStatus(db(), s.id, 'delivered');
    expect(await db().selectFrom('tax_invoices').select('id').where('shipment_id', '=', s.id).execute()).toEqual([]);
    const photo = multipartForm([
      { name: 'shipmentId', data: s.shipmentNumber },
      { name: 'file', filename: 'photo.png', type: 'image/png', data: PNG },
    ]);
    const media = json(await agent.request({ method: 'POST', url: '/api/order/return-shipment-media', ...photo })).data.media_id;
    const submit = await agent.post('/api/order/return-shipment-submit', {
      shipmentId: s.shipmentNumber,
      reason_id: 'seal_broken',
      items: [{ order_item_id: s.items[0]!.id, quantity: 1 }],
      media_ids: [media],
    });
    expect(submit.statusCode).toBe(200);
    for (const action of ['pickup-return', 'receive-return'])
      expect(
        (await ctx().app.inject({ method: 'POST', url: `/api/ops/shipments/${s.shipmentNumber}/${action}`, headers: OPS, payload: {} }))
          .statusCode,
      ).toBe(200);
    const refund = (await details(agent, order.orderNumber)).shipments[0]!.refunds[0]!;
    expect(refund.credit_note).toMatch(/^KCN\//);
    const invoice = await db()
      .selectFrom('tax_invoices')
      .select(['serial', 'total'])
      .where('shipment_id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(invoice.serial).toMatch(SERIAL);
    expect(invoice.total).toBe(order.total);
    const note = pdfText((await agent.get(`/api/order/credit-note?serial=${encodeURIComponent(refund.credit_note!)}`)).rawPayload);
    expect(note).toContain(`Against tax invoice ${invoice.serial}`);
    expect(amountAfter(note, 'Credit note total')).toBe(refund.amount);
  });
});
