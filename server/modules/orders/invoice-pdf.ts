import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { groupPaise } from '../../../schemas/money.ts';
import { amountInWords, formatRate } from './gst-rules.ts';

// Draws a GST tax invoice or credit note (docs/decisions/028-gst-tax-invoices.md) with pdfkit; text stays text, so
// it can be searched and read back. The table is laid out, never overlapped: each row is as tall as its tallest
// cell (a long name wraps and pushes the next row down), a row that does not fit goes to a new page whose table
// starts with the header again, and the totals move to a new page when they do not fit under the last row.

// The PDF standard fonts have no ₹ glyph: a Unicode font is used when the system has one, "Rs." otherwise.
const UNICODE_FONTS = ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf'];
const UNICODE_BOLD = ['/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf', '/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf'];
const regularFont = UNICODE_FONTS.find((f) => existsSync(f)) ?? null;
const boldFont = UNICODE_BOLD.find((f) => existsSync(f)) ?? regularFont;

export interface TaxDocumentLine {
  description: string;
  hsn: string;
  quantity: number;
  /** GST-inclusive unit price and discount; absent on a credit note. */
  unitPrice?: number;
  discount?: number;
  taxable: number;
  rateBp: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

export interface TaxDocumentView {
  kind: 'invoice' | 'credit-note';
  serial: string;
  /** "3 Nov 2026". */
  date: string;
  /** Lines under the serial: order, shipment, the invoice a credit note reduces. */
  references: string[];
  seller: { legalName: string; gstin: string; address: string[]; email: string };
  buyer: { name: string; lines: string[] };
  placeOfSupply: { code: string; name: string };
  intrastate: boolean;
  lines: TaxDocumentLine[];
}

interface Column {
  header: string;
  width: number;
  align: 'left' | 'right';
  cell: (l: TaxDocumentLine) => string;
}

const MARGIN = 36;
const PAD = 3;
const TABLE_FONT = 7.5;

function columnsOf(view: TaxDocumentView): Column[] {
  const money = (f: (l: TaxDocumentLine) => number) => (l: TaxDocumentLine) => groupPaise(f(l));
  const tax: Column[] = view.intrastate
    ? [
        { header: 'CGST', width: 48, align: 'right', cell: money((l) => l.cgst) },
        { header: 'SGST', width: 48, align: 'right', cell: money((l) => l.sgst) },
      ]
    : [{ header: 'IGST', width: 96, align: 'right', cell: money((l) => l.igst) }];
  const priced: Column[] =
    view.kind === 'invoice'
      ? [
          { header: 'Unit price', width: 50, align: 'right', cell: money((l) => l.unitPrice ?? 0) },
          { header: 'Discount', width: 46, align: 'right', cell: money((l) => l.discount ?? 0) },
        ]
      : [];
  const fixed: Column[] = [
    { header: 'HSN/SAC', width: 34, align: 'left', cell: (l) => l.hsn },
    { header: 'Qty', width: 22, align: 'right', cell: (l) => String(l.quantity) },
    ...priced,
    { header: 'Taxable value', width: 52, align: 'right', cell: money((l) => l.taxable) },
    { header: 'Rate', width: 28, align: 'right', cell: (l) => formatRate(l.rateBp) },
    ...tax,
    { header: 'Total', width: 54, align: 'right', cell: money((l) => l.total) },
  ];
  const tableWidth = 595.28 - 2 * MARGIN;
  const used = fixed.reduce((n, c) => n + c.width, 0);
  return [{ header: 'Description', width: tableWidth - used, align: 'left', cell: (l) => l.description }, ...fixed];
}

export interface Totals {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

export function totalsOf(lines: TaxDocumentLine[]): Totals {
  const sum = (f: (l: TaxDocumentLine) => number) => lines.reduce((n, l) => n + f(l), 0);
  return {
    taxable: sum((l) => l.taxable),
    cgst: sum((l) => l.cgst),
    sgst: sum((l) => l.sgst),
    igst: sum((l) => l.igst),
    total: sum((l) => l.total),
  };
}

export async function renderTaxDocument(view: TaxDocumentView): Promise<Buffer> {
  const title = view.kind === 'invoice' ? 'Tax Invoice' : 'Credit Note';
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${view.seller.legalName} ${title.toLowerCase()} ${view.serial}`, Author: view.seller.legalName },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const bold = () => doc.font(boldFont ?? 'Helvetica-Bold');
  const regular = () => doc.font(regularFont ?? 'Helvetica');
  const rupee = regularFont ? '₹' : 'Rs. ';
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  // Room kept at the foot of each page for its page number.
  const bottom = () => doc.page.height - MARGIN - 14;

  // ---- the first page's head: title and serial, seller beside buyer
  bold().fontSize(16).text(title, left, MARGIN, { width, align: 'right' });
  regular().fontSize(9);
  doc.text(`${view.kind === 'invoice' ? 'Invoice' : 'Credit note'} no. ${view.serial}`, { width, align: 'right' });
  doc.text(`${view.kind === 'invoice' ? 'Invoice' : 'Credit note'} date ${view.date}`, { width, align: 'right' });
  for (const r of view.references) doc.text(r, { width, align: 'right' });
  doc.text(`Place of supply: ${view.placeOfSupply.name} (${view.placeOfSupply.code})`, { width, align: 'right' });
  const blockTop = doc.y + 10;
  const half = (width - 20) / 2;
  bold().fontSize(10).text('Sold by', left, blockTop, { width: half });
  regular().fontSize(9).text(view.seller.legalName, { width: half });
  for (const l of view.seller.address) doc.text(l, { width: half });
  doc.text(`GSTIN ${view.seller.gstin}`, { width: half });
  doc.text(view.seller.email, { width: half });
  const sellerEnd = doc.y;
  bold()
    .fontSize(10)
    .text(view.kind === 'invoice' ? 'Billed and shipped to' : 'Issued to', left + half + 20, blockTop, { width: half });
  regular().fontSize(9).text(view.buyer.name, { width: half });
  for (const l of view.buyer.lines) doc.text(l, { width: half });
  let y = Math.max(sellerEnd, doc.y) + 12;

  // ---- the table
  const columns = columnsOf(view);
  let edge = left;
  const xs = columns.map((c) => {
    const at = edge;
    edge += c.width;
    return at;
  });
  const rowHeight = (cells: string[]) =>
    Math.max(...cells.map((c, i) => doc.heightOfString(c || ' ', { width: (columns[i] as Column).width - 2 * PAD }))) + 2 * PAD;
  const drawRow = (cells: string[], top: number) => {
    for (const [i, c] of cells.entries()) {
      const col = columns[i] as Column;
      doc.text(c, (xs[i] as number) + PAD, top + PAD, { width: col.width - 2 * PAD, align: col.align });
    }
  };
  const rule = (at: number, heavy = false) => {
    doc
      .lineWidth(heavy ? 0.8 : 0.3)
      .moveTo(left, at)
      .lineTo(left + width, at)
      .stroke();
  };
  const drawHeader = (top: number) => {
    bold().fontSize(TABLE_FONT);
    const cells = columns.map((c) =>
      c.align === 'right' && c.header !== 'Qty' && c.header !== 'Rate' ? `${c.header} (${rupee.trim()})` : c.header,
    );
    const h = rowHeight(cells);
    rule(top, true);
    drawRow(cells, top);
    rule(top + h, true);
    regular().fontSize(TABLE_FONT);
    return top + h;
  };
  const newPage = () => {
    doc.addPage();
    regular().fontSize(8);
    doc.text(`${title} ${view.serial} (continued)`, left, MARGIN, { width, align: 'right' });
    return doc.y + 6;
  };

  y = drawHeader(y);
  for (const line of view.lines) {
    const cells = columns.map((c) => c.cell(line));
    const h = rowHeight(cells);
    if (y + h > bottom()) y = drawHeader(newPage());
    drawRow(cells, y);
    y += h;
    rule(y);
  }

  // ---- totals, in figures and in words; kept together on one page
  const t = totalsOf(view.lines);
  const totals: Array<[string, number]> = [
    ['Taxable value', t.taxable],
    ...(view.intrastate
      ? ([
          ['CGST', t.cgst],
          ['SGST', t.sgst],
        ] as Array<[string, number]>)
      : ([['IGST', t.igst]] as Array<[string, number]>)),
    [view.kind === 'invoice' ? 'Invoice total' : 'Credit note total', t.total],
  ];
  const words = `${view.kind === 'invoice' ? 'Amount' : 'Amount credited'} in words: ${amountInWords(t.total)}`;
  regular().fontSize(9);
  const notes = [
    words,
    'Tax payable on reverse charge: No. Prices include GST.',
    'This is a computer-generated document and needs no signature.',
  ];
  const notesHeight = notes.reduce((n, s) => n + doc.heightOfString(s, { width }) + 4, 0);
  if (y + 8 + totals.length * 14 + 10 + notesHeight > bottom()) y = newPage();
  y += 8;
  for (const [label, value] of totals) {
    (label.endsWith('total') ? bold() : regular()).fontSize(9);
    doc.text(label, left + width - 250, y, { width: 150, align: 'right' });
    doc.text(`${rupee}${groupPaise(value)}`, left + width - 95, y, { width: 95, align: 'right' });
    y += 14;
  }
  y += 10;
  regular().fontSize(9);
  for (const n of notes) {
    doc.text(n, left, y, { width });
    y = doc.y + 4;
  }

  // ---- page numbers, in the foot kept free on every page
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const keep = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    regular()
      .fontSize(7)
      .text(`${title} ${view.serial} · page ${i - range.start + 1} of ${range.count}`, left, doc.page.height - MARGIN - 8, {
        width,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = keep;
  }
  doc.end();
  return done;
}
