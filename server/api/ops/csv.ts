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
  CsvImportRow,
  type CsvIssue,
  type CsvReport,
} from '../../../schemas/staff-catalogue.ts';
import { decimalRupees } from '../../../schemas/money.ts';
import type { Db } from '../../db/database.ts';
import { AppError, BadRequest, Conflict } from '../../http/errors.ts';
import { setVariantPrice } from '../../modules/catalogue/index.ts';
import { adjustStock, heldUnits } from '../../modules/inventory/index.ts';
import { recordAudit } from '../../modules/staff/index.ts';

// The catalogue as a spreadsheet (docs/decisions/019): an export of every variant, and an import that changes price,
// MRP and stock. An import is checked row by row first (the dry run); applying it checks again under the variants'
// locks and writes all its rows in one transaction, or none when any row is wrong. Price and MRP go through the
// single edit's function, stock through the inventory ledger, each change with its audit entry.

/** A text cell a spreadsheet would run as a formula gets a leading apostrophe (OWASP "CSV injection"). */
const inert = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** Every variant, in the console's order: sku, product, brand, category, price and MRP in rupees, stock on hand. */
export async function exportCatalogueCsv(db: Db): Promise<string> {
  const rows = await db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select(['v.id', 'v.sku', 'p.name', 'v.flavour', 'v.weight', 'v.pack_size', 'b.name as brand', 'c.name as category'])
    .select(['v.sale_price', 'v.mrp', 'v.stock', 'p.is_published'])
    .orderBy('p.name')
    .orderBy('v.position')
    .orderBy('v.id')
    .execute();
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
  ]);
  return stringify(records, { header: true, columns: [...CSV_COLUMNS], bom: true });
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
  stock: number;
  held: number;
}

/**
 * Checks every row against its schema and the database (known SKU, once in the file, stock not below what live
 * orders hold) and lists what would change. `lock` takes the variants' rows for update, in id order as checkout does.
 */
export async function checkRows(db: Db, rows: FileRow[], lock = false): Promise<CsvReport & { planned: Planned[] }> {
  const issues: CsvIssue[] = [];
  const parsed: Array<{ line: number; row: CsvImportRow }> = [];
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
    if (!result.success) {
      for (const issue of result.error.issues)
        issues.push({ row: line, sku, field: String(issue.path[0] ?? 'row'), message: issue.message });
      continue;
    }
    parsed.push({ line, row: result.data });
  }
  const skus = [...new Set(parsed.map((p) => p.row.sku))];
  const found = db.selectFrom('variants').select(['id', 'sku', 'sale_price', 'mrp', 'stock']).where('sku', 'in', skus).orderBy('id');
  const variants = skus.length ? await (lock ? found.forUpdate() : found).execute() : [];
  const bySku = new Map(variants.map((v) => [v.sku, v]));
  const held = await heldUnits(
    db,
    variants.map((v) => v.id),
  );
  const planned: Planned[] = [];
  for (const { line, row } of parsed) {
    const v = bySku.get(row.sku);
    if (!v) {
      issues.push({ row: line, sku: row.sku, field: 'sku', message: CSV_MESSAGES.unknownSku });
      continue;
    }
    // A duplicate's later rows are already reported; only its first row is planned.
    if (firstLine.get(row.sku) !== line) continue;
    const h = held.get(v.id) ?? 0;
    if (row.stock < h) {
      issues.push({ row: line, sku: row.sku, field: 'stock', message: CSV_MESSAGES.belowHeld(h) });
      continue;
    }
    const before = { price: v.sale_price, mrp: v.mrp, on_hand: v.stock + h };
    const after = { price: row.price, mrp: row.mrp, on_hand: row.stock };
    if (before.price !== after.price || before.mrp !== after.mrp || before.on_hand !== after.on_hand)
      planned.push({ row: line, sku: row.sku, variant_id: v.id, before, after, stock: v.stock, held: h });
  }
  issues.sort((a, b) => a.row - b.row);
  return {
    rows: rows.length,
    valid: issues.length === 0,
    issues,
    changes: planned.map(({ stock: _s, held: _h, ...c }) => c),
    planned,
  };
}

/** Writes every change of a valid file in the caller's transaction, each with its audit entry; refuses a file with errors. */
export async function applyRows(trx: Db, req: FastifyRequest, rows: FileRow[]): Promise<{ rows: number; changed: number }> {
  const report = await checkRows(trx, rows, true);
  if (!report.valid) {
    const bad = new Set(report.issues.map((i) => i.row)).size;
    throw new AppError(422, CSV_MESSAGES.hasErrors(bad), { rows: report.rows, valid: false, issues: report.issues, changes: [] });
  }
  const actor = req.opsActor?.kind === 'staff' ? `staff:${req.opsActor.staff.id}` : 'token';
  for (const c of report.planned) {
    const target = `variant:${c.variant_id}`;
    if (c.before.price !== c.after.price || c.before.mrp !== c.after.mrp) {
      const r = await setVariantPrice(trx, c.variant_id, {
        price: c.after.price,
        mrp: c.after.mrp,
        expected: { price: c.before.price, mrp: c.before.mrp },
      });
      // The row is locked: only a bug could make it stale here.
      if (r.kind !== 'changed') throw new Conflict(`Row ${c.row}: the variant changed while the import ran. Nothing was written.`);
      await recordAudit(trx, req, {
        action: 'variant.price',
        target,
        before: r.before,
        after: { ...r.after, source: CSV_MESSAGES.stockReason },
      });
    }
    if (c.before.on_hand !== c.after.on_hand) {
      const delta = c.after.on_hand - c.held - c.stock;
      const stock = await adjustStock(trx, c.variant_id, delta, { staff: actor, note: CSV_MESSAGES.stockReason });
      if (stock === null) throw new Conflict(`Row ${c.row}: the stock changed while the import ran. Nothing was written.`);
      await recordAudit(trx, req, {
        action: 'variant.stock',
        target,
        before: { stock: c.stock, held: c.held, on_hand: c.before.on_hand },
        after: { stock, held: c.held, on_hand: stock + c.held, reason: CSV_MESSAGES.stockReason },
      });
    }
  }
  await recordAudit(trx, req, {
    action: 'catalogue.csv-import',
    target: 'catalogue',
    after: { rows: report.rows, changed: report.planned.length },
  });
  return { rows: report.rows, changed: report.planned.length };
}
