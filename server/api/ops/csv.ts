import type { FastifyRequest } from 'fastify';
import { CsvError, parse as parseCsv } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { fileTypeFromBuffer } from 'file-type';
import {
  CSV_COLUMNS,
  CSV_LIMITS,
  CSV_MESSAGES,
  CSV_REQUIRED,
  type CsvChange,
  type CsvConflict,
  CsvImportRow,
  type CsvIssue,
  type CsvReport,
} from '../../../schemas/staff-catalogue.ts';
import { decimalRupees } from '../../../schemas/money.ts';
import type { Db } from '../../db/database.ts';
import { AppError, BadRequest, Conflict } from '../../http/errors.ts';
import { catalogueFileRows, setVariantPrices, variantsBySku } from '../../modules/catalogue/index.ts';
import { adjustStocks, heldUnits } from '../../modules/inventory/index.ts';
import { type AuditWrite, recordAudits } from '../../modules/staff/index.ts';

// The catalogue as a spreadsheet (docs/decisions/019): an export of every variant, and an import that changes price,
// MRP and stock. An import is checked row by row first (the dry run); applying it checks again under the variants'
// locks and writes all its rows in one transaction, or none when any row is wrong. Each exported row carries the
// price, MRP and stock it was exported with: a row whose variant changed since is refused (a 409 naming the field, the
// exported and the current value), so an old file cannot undo a colleague's edit. Price and MRP are written as the
// single edit writes them (only where still as read), stock through the inventory ledger, each change with its audit
// entry; each kind in one set-based statement, so a file of thousands of rows applies in seconds.

/** A text cell a spreadsheet would run as a formula gets a leading apostrophe (OWASP "CSV injection"). */
const inert = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** Every variant, in the console's order: sku, product, brand, category, price and MRP in rupees, stock on hand. */
export async function exportCatalogueCsv(db: Db): Promise<string> {
  const rows = await catalogueFileRows(db);
  const held = await heldUnits(
    db,
    rows.map((r) => r.id),
  );
  const records = rows.map((r) => [
    inert(r.sku),
    inert([r.name, [r.flavour, r.weight, r.pack_size].filter(Boolean).join(' · ')].filter(Boolean).join(' — ')),
    inert(r.brand),
    inert(r.category),
    decimalRupees(r.sale_price),
    decimalRupees(r.mrp),
    // On hand, as the stock editor counts it: what live orders hold is still on the shelf.
    String(r.stock + (held.get(r.id) ?? 0)),
    r.is_published ? 'yes' : 'no',
    exportedCell(r.sale_price, r.mrp, r.stock + (held.get(r.id) ?? 0)),
  ]);
  return stringify(records, { header: true, columns: [...CSV_COLUMNS], bom: true });
}

/** What a row was exported with, as one cell: price and MRP in rupees, stock on hand. */
const exportedCell = (price: number, mrp: number, onHand: number) => `${decimalRupees(price)}|${decimalRupees(mrp)}|${onHand}`;
const EXPORTED = /^(\d+(?:\.\d{1,2})?)\|(\d+(?:\.\d{1,2})?)\|(\d+)$/;
/** The export cell read back (paise, units); null when it is not one the export wrote. */
function readExported(cell: string): { price: number; mrp: number; stock: number } | null {
  const m = EXPORTED.exec(cell.replace(/[₹,\s]/g, ''));
  if (!m) return null;
  return { price: Math.round(Number(m[1]) * 100), mrp: Math.round(Number(m[2]) * 100), stock: Number(m[3]) };
}

/**
 * The one file of a console upload (multipart, field "file"), bounded in size while it is read: a larger file is a
 * 413 with `tooLarge`, before more than `maxBytes` is held.
 */
export async function receiveFile(req: FastifyRequest, maxBytes: number, tooLarge: string): Promise<Buffer> {
  if (!req.isMultipart()) throw new BadRequest(CSV_MESSAGES.notMultipart);
  let bytes: Buffer | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type !== 'file') continue;
      if (bytes !== null || part.fieldname !== 'file') {
        part.file.resume();
        throw new BadRequest(CSV_MESSAGES.notMultipart);
      }
      bytes = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, tooLarge);
    if (code === 'FST_FILES_LIMIT') throw new BadRequest(CSV_MESSAGES.notMultipart);
    throw new BadRequest('The upload was cut short. Please try again.');
  }
  if (!bytes || bytes.length === 0) throw new BadRequest(CSV_MESSAGES.noFile);
  return bytes;
}

/** The file of an import request (CSV_LIMITS.maxBytes at most). */
export const receiveCsv = (req: FastifyRequest) => receiveFile(req, CSV_LIMITS.maxBytes, CSV_MESSAGES.tooLarge);

interface FileRow {
  line: number;
  cells: Record<string, string>;
}

/** The file's rows by header name. Refuses what is not UTF-8 text, a broken CSV, a missing column, too many rows. */
export async function readCsv(bytes: Buffer): Promise<FileRow[]> {
  // A workbook (xlsx is a zip), an image or anything else file-type recognises is not text.
  if (await fileTypeFromBuffer(bytes)) throw new BadRequest(CSV_MESSAGES.notText);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new BadRequest(CSV_MESSAGES.notText);
  }
  if (text.includes('\u0000')) throw new BadRequest(CSV_MESSAGES.notText);
  let records: Array<{ record: Record<string, string>; info: { lines: number } }>;
  try {
    records = parseCsv(text, {
      bom: true,
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      info: true,
      // One more than allowed, to tell a file that is too long without reading all of it.
      to: CSV_LIMITS.maxRows + 1,
    });
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? null;
      throw new BadRequest(CSV_MESSAGES.unreadable(line, error.message.replace(/^Invalid [^:]*: /, '')));
    }
    throw error;
  }
  if (records.length > CSV_LIMITS.maxRows) throw new BadRequest(CSV_MESSAGES.tooManyRows);
  if (records.length === 0) throw new BadRequest(CSV_MESSAGES.empty);
  const header = Object.keys(records[0]?.record ?? {});
  const missing = CSV_REQUIRED.filter((c) => !header.includes(c));
  if (missing.length) throw new BadRequest(CSV_MESSAGES.missingColumns(missing));
  return records.map((r) => ({ line: r.info.lines, cells: r.record }));
}

interface Planned extends CsvChange {
  product_id: number;
  stock: number;
  held: number;
}

/**
 * Checks every row against its schema and the database (known SKU, once in the file, stock not below what live
 * orders hold) and lists what would change. `lock` takes the variants' rows for update, in id order as checkout does.
 */
export async function checkRows(db: Db, rows: FileRow[], lock = false): Promise<CsvReport & { planned: Planned[] }> {
  const issues: CsvIssue[] = [];
  const conflicts: CsvConflict[] = [];
  const parsed: Array<{ line: number; row: CsvImportRow; exported: ReturnType<typeof readExported> }> = [];
  const firstLine = new Map<string, number>();
  for (const { line, cells } of rows) {
    const sku = (cells.sku ?? '').trim();
    const result = CsvImportRow.safeParse({
      sku: cells.sku ?? '',
      price: cells.price ?? '',
      mrp: cells.mrp ?? '',
      stock: cells.stock ?? '',
    });
    if (sku) {
      const seen = firstLine.get(sku);
      if (seen !== undefined) issues.push({ row: line, sku, field: 'sku', message: CSV_MESSAGES.duplicateSku(seen) });
      else firstLine.set(sku, line);
    }
    const cell = (cells.exported ?? '').trim();
    const exported = cell ? readExported(cell) : null;
    if (cell && !exported) issues.push({ row: line, sku, field: 'exported', message: CSV_MESSAGES.exported });
    if (!result.success) {
      for (const issue of result.error.issues)
        issues.push({ row: line, sku, field: String(issue.path[0] ?? 'row'), message: issue.message });
      continue;
    }
    parsed.push({ line, row: result.data, exported });
  }
  const skus = [...new Set(parsed.map((p) => p.row.sku))];
  const variants = await variantsBySku(db, skus, lock);
  const bySku = new Map(variants.map((v) => [v.sku, v]));
  const held = await heldUnits(
    db,
    variants.map((v) => v.id),
  );
  const planned: Planned[] = [];
  for (const { line, row, exported } of parsed) {
    const v = bySku.get(row.sku);
    if (!v) {
      issues.push({ row: line, sku: row.sku, field: 'sku', message: CSV_MESSAGES.unknownSku });
      continue;
    }
    // A duplicate's later rows are already reported; only its first row is planned.
    if (firstLine.get(row.sku) !== line) continue;
    const h = held.get(v.id) ?? 0;
    if (exported) {
      const now = { price: v.sale_price, mrp: v.mrp, stock: v.stock + h };
      const stale = (['price', 'mrp', 'stock'] as const).filter((f) => exported[f] !== now[f]);
      for (const field of stale) conflicts.push({ row: line, sku: row.sku, field, exported: exported[field], current: now[field] });
      if (stale.length) continue;
    }
    if (row.stock < h) {
      issues.push({ row: line, sku: row.sku, field: 'stock', message: CSV_MESSAGES.belowHeld(h) });
      continue;
    }
    const before = { price: v.sale_price, mrp: v.mrp, on_hand: v.stock + h };
    const after = { price: row.price, mrp: row.mrp, on_hand: row.stock };
    if (before.price !== after.price || before.mrp !== after.mrp || before.on_hand !== after.on_hand)
      planned.push({ row: line, sku: row.sku, variant_id: v.id, product_id: v.product_id, before, after, stock: v.stock, held: h });
  }
  issues.sort((a, b) => a.row - b.row);
  return {
    rows: rows.length,
    valid: issues.length === 0 && conflicts.length === 0,
    issues,
    conflicts,
    changes: planned.map(({ stock: _s, held: _h, product_id: _p, ...c }) => c),
    planned,
  };
}

/** A report with stale rows is a 409 carrying the report (what changed, per row), whichever call made it. */
export function refuseStale(report: CsvReport): void {
  if (report.conflicts.length === 0) return;
  const stale = new Set(report.conflicts.map((c) => c.row)).size;
  throw new Conflict(CSV_MESSAGES.stale(stale), report);
}

/**
 * Writes every change of a valid file in the caller's transaction, each with its audit entry; refuses a file with
 * stale rows (409) or errors (422). The rows are locked first, so nothing changes them between the check and the writes.
 */
export async function applyRows(trx: Db, req: FastifyRequest, rows: FileRow[]): Promise<{ rows: number; changed: number }> {
  const { planned, ...report } = await checkRows(trx, rows, true);
  refuseStale(report);
  if (!report.valid) {
    const bad = new Set(report.issues.map((i) => i.row)).size;
    throw new AppError(422, CSV_MESSAGES.hasErrors(bad), { ...report, changes: [] });
  }
  const actor = req.opsActor?.kind === 'staff' ? `staff:${req.opsActor.staff.id}` : 'token';
  const priced = planned.filter((c) => c.before.price !== c.after.price || c.before.mrp !== c.after.mrp);
  const stocked = planned.filter((c) => c.before.on_hand !== c.after.on_hand);
  const repriced = await setVariantPrices(
    trx,
    priced.map((c) => ({
      variant_id: c.variant_id,
      price: c.after.price,
      mrp: c.after.mrp,
      expected: { price: c.before.price, mrp: c.before.mrp },
    })),
  );
  // The rows are locked: only a bug could make one stale here.
  const missed = priced.find((c) => !repriced.has(c.variant_id));
  if (missed) throw new Conflict(`Row ${missed.row}: the variant changed while the import ran. Nothing was written.`);
  const stock = await adjustStocks(
    trx,
    stocked.map((c) => ({ variant_id: c.variant_id, delta: c.after.on_hand - c.held - c.stock })),
    { staff: actor, note: CSV_MESSAGES.stockReason },
  );
  const short = stocked.find((c) => !stock.has(c.variant_id));
  if (short) throw new Conflict(`Row ${short.row}: the stock changed while the import ran. Nothing was written.`);
  const entries: AuditWrite[] = [];
  for (const c of planned) {
    const target = `variant:${c.variant_id}`;
    if (c.before.price !== c.after.price || c.before.mrp !== c.after.mrp) {
      const was = { variant_id: c.variant_id, product_id: c.product_id, sku: c.sku, price: c.before.price, mrp: c.before.mrp };
      entries.push({
        action: 'variant.price',
        target,
        before: was,
        after: { ...was, price: c.after.price, mrp: c.after.mrp, source: CSV_MESSAGES.stockReason },
      });
    }
    const now = stock.get(c.variant_id);
    if (now !== undefined)
      entries.push({
        action: 'variant.stock',
        target,
        before: { stock: c.stock, held: c.held, on_hand: c.before.on_hand },
        after: { stock: now, held: c.held, on_hand: now + c.held, reason: CSV_MESSAGES.stockReason },
      });
  }
  entries.push({ action: 'catalogue.csv-import', target: 'catalogue', after: { rows: report.rows, changed: planned.length } });
  await recordAudits(trx, req, entries);
  return { rows: report.rows, changed: planned.length };
}
