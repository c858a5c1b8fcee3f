import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { formatPaise, groupRupees } from '../../../schemas/money.ts';
import { formatOrderDate } from '../../../schemas/orders.ts';
import type { Db } from '../../db/database.ts';
import { Conflict } from '../../http/errors.ts';
import { STATUS_LABELS } from './lifecycle.ts';
import * as q from './queries.ts';
import { linePaid, paidForFirstUnits } from './refund-rules.ts';
import { hasInvoice, paymentLabel, readAddress, shipmentNotFound } from './service.ts';

// The GST-style tax invoice of one shipment (SPEC §2 invoice, §7 shipment-invoice): seller, buyer, addresses,
// items billed (cancelled units left out) with MRP, sale price and discount, shipping and the total, in rupees
// with Indian grouping. Drawn with pdfkit; text stays text, so it can be searched and read back.

export const SELLER = {
  name: 'Kasrat Nutrition Private Limited',
  address: ['Plot 14, Okhla Industrial Estate, Phase III', 'New Delhi, Delhi 110020, India'],
  gstin: '07AAKCK4821R1Z6',
  email: 'care@kasrat.in',
};

// The PDF standard fonts have no ₹ glyph: a Unicode font is used when the system has one, "Rs." otherwise.
const UNICODE_FONTS = ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf'];
const UNICODE_BOLD = ['/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf', '/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf'];
const regularFont = UNICODE_FONTS.find((f) => existsSync(f)) ?? null;
const boldFont = UNICODE_BOLD.find((f) => existsSync(f)) ?? regularFont;

export interface InvoiceFile {
  filename: string;
  bytes: Buffer;
}

export async function shipmentInvoice(db: Db, customerId: number, shipmentNumber: string): Promise<InvoiceFile> {
  const shipment = await q.findShipment(db, shipmentNumber, customerId);
  if (!shipment) throw shipmentNotFound();
  if (!hasInvoice(shipment.status))
    throw new Conflict(
      `The invoice is ready once the shipment is dispatched; this shipment is ${STATUS_LABELS[shipment.status].toLowerCase()}.`,
    );
  const [items, order, customer, shipped] = await Promise.all([
    q.itemsOfShipment(db, shipment.id),
    db.selectFrom('orders').selectAll().where('id', '=', shipment.order_id).executeTakeFirstOrThrow(),
    q.customerOf(db, customerId),
    db
      .selectFrom('shipment_events')
      .select('created_at')
      .where('shipment_id', '=', shipment.id)
      .where('to_status', '=', 'shipped')
      .orderBy('id')
      .executeTakeFirst(),
  ]);
  const address = readAddress(order.address);
  const lines = items
    .map((i) => {
      const billed = i.quantity - i.cancelled_quantity;
      const line = {
        order_item_id: i.id,
        quantity: i.quantity,
        sale_price: i.sale_price,
        discount_share: i.discount_share,
        is_freebie: i.is_freebie,
      };
      const amount = linePaid(line) - paidForFirstUnits(line, i.cancelled_quantity);
      const discount = i.is_freebie ? i.sale_price * billed : i.sale_price * billed - amount;
      return {
        name: `${i.name}${i.swatch ? ` (${i.swatch})` : ''}${i.is_freebie ? ' – free gift' : ''}`,
        sku: i.sku,
        billed,
        mrp: i.mrp,
        sale: i.sale_price,
        discount,
        amount,
      };
    })
    .filter((l) => l.billed > 0);
  const itemsTotal = lines.reduce((n, l) => n + l.amount, 0);
  const total = itemsTotal + shipment.shipping_total;
  const invoiceNo = `INV-${shipment.shipment_number}`;
  const dated = shipped ? new Date(shipped.created_at).toISOString() : new Date().toISOString();

  const bytes = await drawPdf((doc, money) => {
    const bold = () => doc.font(boldFont ?? 'Helvetica-Bold');
    const regular = () => doc.font(regularFont ?? 'Helvetica');
    bold().fontSize(18).text('Tax Invoice', { align: 'right' });
    regular().fontSize(9).text(`Invoice no. ${invoiceNo}`, { align: 'right' });
    doc.text(`Invoice date ${formatOrderDate(dated)}`, { align: 'right' });
    doc.text(`Order ${order.order_number} · placed ${formatOrderDate(new Date(order.created_at).toISOString())}`, { align: 'right' });
    doc.text(`Shipment ${shipment.shipment_number}${shipment.awb ? ` · AWB ${shipment.awb}` : ''}`, { align: 'right' });
    doc.moveDown();
    bold().fontSize(11).text('Sold by');
    regular().fontSize(9).text(SELLER.name);
    for (const l of SELLER.address) doc.text(l);
    doc.text(`GSTIN ${SELLER.gstin} · ${SELLER.email}`);
    doc.moveDown();
    bold().fontSize(11).text('Billed and shipped to');
    regular()
      .fontSize(9)
      .text(address.full_name || `${customer?.first_name ?? ''} ${customer?.last_name ?? ''}`.trim());
    doc.text(address.address);
    doc.text(`${address.city}, ${address.state} ${address.pincode}`);
    if (address.mobile) doc.text(`Phone ${address.mobile}`);
    if (customer?.email) doc.text(`Email ${customer.email}`);
    doc.text(`Payment: ${paymentLabel(order.payment_method)}`);
    doc.moveDown();

    const cols = [40, 250, 290, 350, 410, 470];
    const header = ['Item', 'Qty', 'MRP', 'Price', 'Discount', 'Amount'];
    const row = (cells: string[], y: number) => {
      for (const [i, c] of cells.entries()) doc.text(c, cols[i], y, { width: i === 0 ? 205 : 60, align: i === 0 ? 'left' : 'right' });
    };
    bold().fontSize(9);
    let y = doc.y;
    row(header, y);
    doc
      .moveTo(40, y + 13)
      .lineTo(555, y + 13)
      .stroke();
    regular();
    y += 18;
    for (const l of lines) {
      row([l.name, String(l.billed), money(l.mrp), money(l.sale), money(l.discount), money(l.amount)], y);
      y = Math.max(doc.y, y + 14) + 4;
    }
    doc.moveTo(40, y).lineTo(555, y).stroke();
    y += 8;
    const totals: Array<[string, string]> = [
      ['Items', money(itemsTotal)],
      ['Shipping', shipment.shipping_total ? money(shipment.shipping_total) : 'Free'],
      ['Total', money(total)],
    ];
    for (const [label, value] of totals) {
      (label === 'Total' ? bold() : regular()).text(label, 350, y, { width: 110, align: 'right' });
      doc.text(value, 470, y, { width: 60, align: 'right' });
      y += 14;
    }
    regular()
      .fontSize(8)
      .text('Prices include GST. This is a computer-generated invoice and needs no signature.', 40, y + 20);
  });
  return { filename: `${invoiceNo}.pdf`, bytes };
}

async function drawPdf(draw: (doc: PDFKit.PDFDocument, money: (paise: number) => string) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: 'Kasrat tax invoice', Author: SELLER.name } });
  if (regularFont) doc.registerFont('Regular', regularFont);
  const money = (paise: number) => (regularFont ? formatPaise(paise) : `Rs. ${groupRupees(paise / 100)}`);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc, money);
  doc.end();
  return done;
}
