import type { Db } from '../../db/database.ts';
import type { ShipmentStatus } from '../../db/types.ts';
import { financialYear, formatSerial, GST_STATES, splitInclusive, stateCode } from './gst-rules.ts';
import * as q from './queries.ts';
import { linePaid, paidForFirstUnits } from './refund-rules.ts';
import { readAddress } from './address.ts';
import { type Seller, sellerConfig } from './seller.ts';

// Tax invoices and credit notes as the database keeps them (docs/decisions/028-gst-tax-invoices.md). An invoice is
// issued once per shipment, in the transaction that hands the parcel to the courier (the removal of the goods);
// a credit note once per refund of an invoiced shipment, in the transaction that writes the refund. Both take
// their serial from their series' counter for the financial year in that same transaction, so a serial is never
// skipped and never repeated. What a document says is written with it and never recomputed.

/** The code a product's HSN falls back to when neither it nor any of its categories has one: supplements. */
const FALLBACK_HSN = '2106';
/** Delivery is billed with the goods it carries (a composite supply): its SAC, at the rate of the main line. */
const DELIVERY_SAC = '9968';

/** Shipment statuses after the goods left the warehouse (the orders life cycle, server/modules/orders/lifecycle.ts). */
const DISPATCHED: ShipmentStatus[] = ['shipped', 'delivered', 'return_requested', 'return_picked_up', 'returned', 'refunded'];

/** Takes the next number of a series for a year; the row stays locked until the caller's transaction ends. */
async function nextNumber(trx: q.Executor, series: string, fy: string): Promise<number> {
  const row = await trx
    .insertInto('tax_document_series')
    .values({ series, fy, last_number: 1 })
    .onConflict((oc) => oc.columns(['series', 'fy']).doUpdateSet((eb) => ({ last_number: eb('tax_document_series.last_number', '+', 1) })))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return row.last_number;
}

/** Each product's HSN code and rate: its own, else its category's or the nearest parent's, else the fallback. */
async function hsnOfProducts(trx: q.Executor, productIds: number[]): Promise<Map<number, { hsn: string; rateBp: number }>> {
  const rates = new Map((await trx.selectFrom('gst_hsn_rates').selectAll().execute()).map((r) => [r.hsn_code, r.rate_bp]));
  const out = new Map<number, { hsn: string; rateBp: number }>();
  if (productIds.length === 0) return out;
  const own = new Map(
    (await trx.selectFrom('gst_product_hsn').selectAll().where('product_id', 'in', productIds).execute()).map((r) => [
      r.product_id,
      r.hsn_code,
    ]),
  );
  const byCategory = new Map((await trx.selectFrom('gst_category_hsn').selectAll().execute()).map((r) => [r.category_slug, r.hsn_code]));
  const categories = new Map(
    (await trx.selectFrom('categories').select(['id', 'slug', 'parent_id']).execute()).map((c) => [c.id, c] as const),
  );
  const products = await trx.selectFrom('products').select(['id', 'category_id']).where('id', 'in', productIds).execute();
  for (const p of products) {
    let hsn = own.get(p.id);
    for (let c = categories.get(p.category_id), depth = 0; !hsn && c && depth < 10; depth++) {
      hsn = byCategory.get(c.slug);
      c = c.parent_id === null ? undefined : categories.get(c.parent_id);
    }
    const code = hsn && rates.has(hsn) ? hsn : FALLBACK_HSN;
    out.set(p.id, { hsn: code, rateBp: rates.get(code) ?? 1800 });
  }
  return out;
}

export type InvoiceLineKind = 'goods' | 'delivery' | 'adjustment';

export interface IssuedInvoice {
  id: number;
  serial: string;
}

/**
 * Issues the tax invoice of a shipment inside the caller's transaction (which holds the shipment's lock), or
 * returns the one it has. Lines: each item still billed (cancelled units left out) at what the shopper paid for
 * it, delivery, and what a pay-on-delivery shopper pays for a promotion no longer earned; their totals add up to
 * what the shipment is paid.
 */
export async function issueInvoice(trx: q.Executor, shipmentId: number, seller: Seller = sellerConfig()): Promise<IssuedInvoice> {
  const existing = await trx.selectFrom('tax_invoices').select(['id', 'serial']).where('shipment_id', '=', shipmentId).executeTakeFirst();
  if (existing) return existing;
  const shipment = await trx.selectFrom('shipments').selectAll().where('id', '=', shipmentId).executeTakeFirstOrThrow();
  const order = await trx.selectFrom('orders').selectAll().where('id', '=', shipment.order_id).executeTakeFirstOrThrow();
  const customer = await q.customerOf(trx, order.customer_id);
  const items = await q.itemsOfShipment(trx, shipmentId);
  const hsn = await hsnOfProducts(trx, [...new Set(items.map((i) => i.product_id))]);
  const address = readAddress(order.address);
  const code = stateCode(address.state);
  // An address whose state names no state is taken as supplied in the seller's state; the invoice prints the
  // state as the address wrote it (docs/decisions/028-gst-tax-invoices.md).
  const supplyCode = code ?? seller.stateCode;
  const intrastate = supplyCode === seller.stateCode;

  type Line = {
    kind: InvoiceLineKind;
    order_item_id: number | null;
    description: string;
    hsn_code: string;
    quantity: number;
    unit_price: number;
    discount: number;
    gross: number;
    rate_bp: number;
  };
  const goods: Line[] = items
    .map((i) => {
      const billed = i.quantity - i.cancelled_quantity;
      const line = {
        order_item_id: i.id,
        quantity: i.quantity,
        sale_price: i.sale_price,
        discount_share: i.discount_share,
        is_freebie: i.is_freebie,
      };
      const gross = linePaid(line) - paidForFirstUnits(line, i.cancelled_quantity);
      const tax = hsn.get(i.product_id) ?? { hsn: FALLBACK_HSN, rateBp: 1800 };
      return {
        kind: 'goods' as const,
        order_item_id: i.id,
        description: `${i.name}${i.swatch ? ` (${i.swatch})` : ''}${i.is_freebie ? ' – free gift' : ''}`,
        hsn_code: tax.hsn,
        quantity: billed,
        unit_price: i.sale_price,
        discount: i.sale_price * billed - gross,
        gross,
        rate_bp: tax.rateBp,
      };
    })
    .filter((l) => l.quantity > 0);
  // The main supply: the goods line of the largest value (the first of equals) gives delivery its rate.
  const main = goods.reduce<Line | undefined>((best, l) => (!best || l.gross > best.gross ? l : best), undefined);
  const extra = (kind: InvoiceLineKind, description: string, gross: number): Line => ({
    kind,
    order_item_id: null,
    description,
    hsn_code: kind === 'delivery' ? DELIVERY_SAC : (main?.hsn_code ?? FALLBACK_HSN),
    quantity: 1,
    unit_price: gross,
    discount: 0,
    gross,
    rate_bp: main?.rate_bp ?? 1800,
  });
  const lines = [...goods];
  if (shipment.shipping_total > 0) lines.push(extra('delivery', 'Delivery charge', shipment.shipping_total));
  if (shipment.due_on_delivery > 0)
    lines.push(extra('adjustment', 'Promotion no longer earned (collected on delivery)', shipment.due_on_delivery));

  // The date decides the year before a number is taken: a number taken is always used.
  const issuedAt = new Date();
  const fy = financialYear(issuedAt);
  const n = await nextNumber(trx, seller.invoicePrefix, fy);
  const serial = formatSerial(seller.invoicePrefix, fy, n);
  const split = lines.map((l) => ({ ...l, ...splitInclusive(l.gross, l.rate_bp, intrastate) }));
  const total = split.reduce((s, l) => s + l.gross, 0);
  const inserted = await trx
    .insertInto('tax_invoices')
    .values({
      shipment_id: shipmentId,
      order_id: order.id,
      serial,
      fy,
      number: n,
      issued_at: issuedAt,
      seller: JSON.stringify({
        legal_name: seller.legalName,
        gstin: seller.gstin,
        address: seller.address,
        email: seller.email,
        state_code: seller.stateCode,
      }),
      buyer: JSON.stringify({
        name: address.full_name || `${customer?.first_name ?? ''} ${customer?.last_name ?? ''}`.trim(),
        address: address.address,
        city: address.city,
        state: address.state,
        pincode: address.pincode,
        mobile: address.mobile,
        email: customer?.email ?? address.email,
      }),
      supply_state_code: supplyCode,
      supply_state_name: code ? (GST_STATES[code] as string) : address.state || (GST_STATES[supplyCode] as string),
      intrastate,
      total,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (split.length)
    await trx
      .insertInto('tax_invoice_lines')
      .values(
        split.map((l, position) => ({
          invoice_id: inserted.id,
          position,
          kind: l.kind,
          order_item_id: l.order_item_id,
          description: l.description,
          hsn_code: l.hsn_code,
          quantity: l.quantity,
          unit_price: l.unit_price,
          discount: l.discount,
          taxable: l.taxable,
          rate_bp: l.rate_bp,
          cgst: l.cgst,
          sgst: l.sgst,
          igst: l.igst,
          total: l.gross,
        })),
      )
      .execute();
  return { id: inserted.id, serial };
}

/**
 * Issues the credit note of a refund of an invoiced shipment inside the caller's transaction (the one writing the
 * refund), or returns the one it has; null when the shipment has no invoice or the refund gives nothing back.
 * Each refunded line is split at its invoice line's rate and with the invoice's split; money back beyond the
 * lines (delivery) is credited against the delivery line.
 */
export async function issueCreditNote(trx: q.Executor, refundId: number, seller: Seller = sellerConfig()): Promise<IssuedInvoice | null> {
  const existing = await trx.selectFrom('credit_notes').select(['id', 'serial']).where('refund_id', '=', refundId).executeTakeFirst();
  if (existing) return existing;
  const refund = await trx.selectFrom('refunds').selectAll().where('id', '=', refundId).executeTakeFirstOrThrow();
  if (refund.amount <= 0) return null;
  let invoice = await trx.selectFrom('tax_invoices').selectAll().where('shipment_id', '=', refund.shipment_id).executeTakeFirst();
  if (!invoice) {
    // Goods dispatched before invoices were issued at dispatch are invoiced now, so their refund has an invoice
    // to reduce; goods never dispatched (a cancellation) have neither.
    const shipment = await trx.selectFrom('shipments').select('status').where('id', '=', refund.shipment_id).executeTakeFirstOrThrow();
    if (!DISPATCHED.includes(shipment.status)) return null;
    await issueInvoice(trx, refund.shipment_id, seller);
    invoice = await trx.selectFrom('tax_invoices').selectAll().where('shipment_id', '=', refund.shipment_id).executeTakeFirstOrThrow();
  }
  const invoiceLines = await trx
    .selectFrom('tax_invoice_lines')
    .selectAll()
    .where('invoice_id', '=', invoice.id)
    .orderBy('position')
    .execute();
  const refundItems = await trx.selectFrom('refund_items').selectAll().where('refund_id', '=', refundId).orderBy('order_item_id').execute();
  const lines: Array<{ invoice_line_id: number; quantity: number; gross: number; rate_bp: number }> = [];
  for (const r of refundItems) {
    const l = invoiceLines.find((il) => il.order_item_id === r.order_item_id);
    if (l && r.amount > 0) lines.push({ invoice_line_id: l.id, quantity: r.quantity, gross: r.amount, rate_bp: l.rate_bp });
  }
  const rest = refund.amount - lines.reduce((s, l) => s + l.gross, 0);
  const against = invoiceLines.find((l) => l.kind === 'delivery') ?? invoiceLines[0];
  if (rest > 0 && against) lines.push({ invoice_line_id: against.id, quantity: 1, gross: rest, rate_bp: against.rate_bp });
  if (lines.length === 0) return null;

  const issuedAt = new Date();
  const fy = financialYear(issuedAt);
  const n = await nextNumber(trx, seller.creditNotePrefix, fy);
  const serial = formatSerial(seller.creditNotePrefix, fy, n);
  const inserted = await trx
    .insertInto('credit_notes')
    .values({
      invoice_id: invoice.id,
      refund_id: refundId,
      serial,
      fy,
      number: n,
      issued_at: issuedAt,
      total: lines.reduce((s, l) => s + l.gross, 0),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('credit_note_lines')
    .values(
      lines.map((l, position) => ({
        credit_note_id: inserted.id,
        position,
        invoice_line_id: l.invoice_line_id,
        quantity: l.quantity,
        rate_bp: l.rate_bp,
        ...splitInclusive(l.gross, l.rate_bp, invoice.intrastate),
        total: l.gross,
      })),
    )
    .execute();
  return { id: inserted.id, serial };
}

/** An invoice as it was issued, with its lines, for the PDF; undefined when the shipment has none. */
export async function invoiceOfShipment(db: Db, shipmentId: number) {
  const invoice = await db.selectFrom('tax_invoices').selectAll().where('shipment_id', '=', shipmentId).executeTakeFirst();
  if (!invoice) return undefined;
  const lines = await db.selectFrom('tax_invoice_lines').selectAll().where('invoice_id', '=', invoice.id).orderBy('position').execute();
  return { invoice, lines };
}

/** The credit notes of a shipment's invoice, oldest first. */
export async function creditNotesOfShipment(db: q.Executor, shipmentIds: number[]) {
  if (shipmentIds.length === 0) return [];
  return db
    .selectFrom('credit_notes as c')
    .innerJoin('tax_invoices as i', 'i.id', 'c.invoice_id')
    .select(['c.id', 'c.serial', 'c.issued_at', 'c.total', 'i.shipment_id', 'i.serial as invoice_serial'])
    .where('i.shipment_id', 'in', shipmentIds)
    .orderBy('c.id')
    .execute();
}

/** A credit note with its lines joined to what they credit. */
export async function creditNoteBySerial(db: Db, serial: string) {
  const note = await db.selectFrom('credit_notes').selectAll().where('serial', '=', serial).executeTakeFirst();
  if (!note) return undefined;
  const lines = await db
    .selectFrom('credit_note_lines as c')
    .innerJoin('tax_invoice_lines as l', 'l.id', 'c.invoice_line_id')
    .select([
      'c.position',
      'c.quantity',
      'c.taxable',
      'c.rate_bp',
      'c.cgst',
      'c.sgst',
      'c.igst',
      'c.total',
      'l.description',
      'l.hsn_code',
      'l.kind',
    ])
    .where('c.credit_note_id', '=', note.id)
    .orderBy('c.position')
    .execute();
  const invoice = await db.selectFrom('tax_invoices').selectAll().where('id', '=', note.invoice_id).executeTakeFirstOrThrow();
  return { note, lines, invoice };
}
