import { type FormEvent, useCallback, useEffect, useState } from 'react';
import type { StaffVariant } from '../../../../../schemas/staff.ts';
import type { CsvReport } from '../../../../../schemas/staff-catalogue.ts';
import { findVariants, STOCK_REASON_LIST, saveVariantPrice, saveVariantStock, setProductPublished } from '../../api.ts';
import { productImage } from '../../../../../schemas/images.ts';
import { decimalRupees } from '../../../../../schemas/money.ts';
import { applyCatalogueCsv, catalogueCsvUrl, checkCatalogueCsv, uploadProductImage } from '../../api-catalogue.ts';
import { css } from '../console-styles.ts';
import { DeclarationsPanel } from './Declarations.tsx';
import { DataTable, ErrorLine, errorData, messageOf, SearchForm, Status, type StatusLine, toPaise } from '../shared.tsx';

// The catalogue area: find variants, edit price and MRP with the optimistic version (docs/decisions/019).

export default function Catalogue({ canEdit }: { canEdit: boolean }) {
  const [query, setQuery] = useState('');
  const [rows, setRows] = useState<StaffVariant[] | null>(null);
  const [error, setError] = useState('');
  const search = useCallback(async (q: string) => {
    setError('');
    try {
      setRows((await findVariants(q)).data.variants);
    } catch (e) {
      setError(messageOf(e));
    }
  }, []);
  useEffect(() => {
    void search('');
  }, [search]);
  return (
    <section aria-labelledby="ops-catalogue">
      <h1 id="ops-catalogue" className={css.heading}>
        Catalogue
      </h1>
      <CsvPanel canEdit={canEdit} onApplied={() => void search(query)} />
      <SearchForm label="Product name or SKU" value={query} onChange={setQuery} onSearch={() => void search(query)} />
      {!canEdit && <p className={css.notice}>Your role can see prices but not change them.</p>}
      <ErrorLine text={error} />
      <DeclarationsPanel products={productsOf(rows)} canEdit={canEdit} />
      <DataTable
        label="Variants"
        columns={['Product', 'SKU', 'Stock', 'Price and MRP (₹)', 'On the storefront', 'Image']}
        rows={rows}
        rowKey={(r) => r.variant_id}
        empty="No variants match."
        cells={(row) => [
          variantLabel(row),
          row.sku,
          <StockEditor key={`s${row.variant_id}`} row={row} canEdit={canEdit} />,
          <PriceEditor key={`p${row.variant_id}`} row={row} canEdit={canEdit} />,
          <PublishToggle
            key={`v${row.variant_id}`}
            row={row}
            canEdit={canEdit}
            onChanged={(published) =>
              setRows((all) => all?.map((r) => (r.product_id === row.product_id ? { ...r, is_published: published } : r)) ?? null)
            }
          />,
          <ImageEditor key={`i${row.variant_id}`} row={row} canEdit={canEdit} />,
        ]}
      />
    </section>
  );
}

/** The products of the variants found, once each, for the declarations' product choice. */
const productsOf = (rows: StaffVariant[] | null) => [
  ...new Map((rows ?? []).map((r) => [r.product_id, { id: r.product_id, name: r.product_name }])).values(),
];

const variantLabel = (row: StaffVariant) => `${row.product_name}${row.label ? ` (${row.label})` : ''}`;

function PriceEditor({ row, canEdit }: { row: StaffVariant; canEdit: boolean }) {
  // The values this editor saw: the server applies the edit only if they are still current (409 otherwise).
  const [seen, setSeen] = useState({ price: row.price, mrp: row.mrp });
  const [price, setPrice] = useState(decimalRupees(row.price));
  const [mrp, setMrp] = useState(decimalRupees(row.mrp));
  const [status, setStatus] = useState<StatusLine>(null);
  const label = variantLabel(row);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const p = toPaise(price);
    const m = toPaise(mrp);
    if (p === null || m === null) return setStatus({ kind: 'error', text: 'Enter amounts in like 1499 or 1499.50.' });
    try {
      const answer = await saveVariantPrice(row.variant_id, { price: p, mrp: m, expected_price: seen.price, expected_mrp: seen.mrp });
      setSeen({ price: answer.data.after.price, mrp: answer.data.after.mrp });
      setStatus({ kind: 'saved', text: answer.message });
    } catch (e) {
      const current = errorData<{ current?: { price: number; mrp: number } }>(e)?.current;
      if (current) {
        setSeen(current);
        setStatus({
          kind: 'error',
          text: `${messageOf(e)} Now: price ₹${decimalRupees(current.price)}, MRP ₹${decimalRupees(current.mrp)}.`,
        });
      } else setStatus({ kind: 'error', text: messageOf(e) });
    }
  };
  return (
    <>
      <form onSubmit={save} aria-label={`Price of ${label}`} className={css.searchRow}>
        <label className={css.field}>
          Price
          <input className={css.money} inputMode="decimal" value={price} readOnly={!canEdit} onChange={(e) => setPrice(e.target.value)} />
        </label>
        <label className={css.field}>
          MRP
          <input className={css.money} inputMode="decimal" value={mrp} readOnly={!canEdit} onChange={(e) => setMrp(e.target.value)} />
        </label>
        {canEdit && (
          <button className={css.button} type="submit">
            Save
          </button>
        )}
      </form>
      <Status status={status} />
    </>
  );
}

const REASON_LABELS: Record<(typeof STOCK_REASON_LIST)[number], string> = {
  recount: 'Recount',
  received: 'Goods received',
  damaged: 'Damaged or expired',
  correction: 'Correction',
};

function StockEditor({ row, canEdit }: { row: StaffVariant; canEdit: boolean }) {
  // The available stock this editor saw: the server applies the count only if it is still current (409 otherwise).
  const [seen, setSeen] = useState({ stock: row.stock, held: row.held });
  const [onHand, setOnHand] = useState(String(row.stock + row.held));
  const [reason, setReason] = useState<(typeof STOCK_REASON_LIST)[number]>('recount');
  const [note, setNote] = useState('');
  const [status, setStatus] = useState<StatusLine>(null);
  const label = variantLabel(row);
  const summary = `${seen.stock} available${seen.held ? `, ${seen.held} held by orders` : ''}`;
  if (!canEdit) return <>{summary}</>;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d+$/.test(onHand.trim())) return setStatus({ kind: 'error', text: 'Enter the units on the shelf as a whole number.' });
    try {
      const answer = await saveVariantStock(row.variant_id, {
        on_hand: Number(onHand),
        expected_stock: seen.stock,
        reason,
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      setSeen(answer.data.after);
      setStatus({ kind: 'saved', text: answer.message });
    } catch (e) {
      const current = errorData<{ current?: { stock: number; held: number } }>(e)?.current;
      if (current) setSeen(current);
      setStatus({ kind: 'error', text: messageOf(e) });
    }
  };
  return (
    <>
      <details>
        <summary>
          {summary}
          <span className="ops-hidden">: change the stock of {label}</span>
        </summary>
        <form onSubmit={save} aria-label={`Stock of ${label}`} className={css.filters}>
          <label className={css.field}>
            On the shelf
            <input className={css.money} inputMode="numeric" value={onHand} onChange={(e) => setOnHand(e.target.value)} />
          </label>
          <label className={css.field}>
            Reason
            <select className={css.input} value={reason} onChange={(e) => setReason(e.target.value as typeof reason)}>
              {STOCK_REASON_LIST.map((r) => (
                <option key={r} value={r}>
                  {REASON_LABELS[r]}
                </option>
              ))}
            </select>
          </label>
          <label className={css.field}>
            Note
            <input className={css.input} value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} />
          </label>
          <button className={css.button} type="submit">
            Save stock
          </button>
        </form>
      </details>
      <Status status={status} />
    </>
  );
}

function PublishToggle({ row, canEdit, onChanged }: { row: StaffVariant; canEdit: boolean; onChanged: (published: boolean) => void }) {
  const [status, setStatus] = useState<StatusLine>(null);
  const text = row.is_published ? 'Published' : 'Unpublished';
  if (!canEdit) return <>{text}</>;
  const toggle = async () => {
    try {
      const answer = await setProductPublished(row.product_id, !row.is_published);
      onChanged(answer.data.is_published);
      setStatus({ kind: 'saved', text: answer.message });
    } catch (e) {
      setStatus({ kind: 'error', text: messageOf(e) });
    }
  };
  return (
    <>
      <p className={css.minor}>{text}</p>
      <button type="button" className={css.button} onClick={toggle}>
        {row.is_published ? 'Unpublish' : 'Publish'}
        <span className="ops-hidden"> {row.product_name}</span>
      </button>
      <Status status={status} />
    </>
  );
}

/**
 * The catalogue as a CSV file: download it, change price, MRP or stock in a spreadsheet, then check the file (a dry
 * run, row by row) and apply it. Applying writes every row or, if any row is wrong, nothing.
 */
function CsvPanel({ canEdit, onApplied }: { canEdit: boolean; onApplied: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<CsvReport | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<StatusLine>(null);
  const check = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setStatus({ kind: 'error', text: 'Choose a CSV file to import.' });
    setBusy(true);
    setReport(null);
    try {
      const answer = await checkCatalogueCsv(file);
      setReport(answer.data);
      setStatus({ kind: answer.data.valid ? 'saved' : 'error', text: answer.message });
    } catch (e) {
      // A stale file (409) comes back with its report: the rows that changed since the export.
      const stale = errorData<CsvReport>(e);
      setReport(stale?.conflicts?.length ? stale : null);
      setStatus({ kind: 'error', text: messageOf(e) });
    } finally {
      setBusy(false);
    }
  };
  const apply = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const answer = await applyCatalogueCsv(file);
      setStatus({ kind: 'saved', text: answer.message });
      setReport(null);
      setFile(null);
      onApplied();
    } catch (e) {
      const stale = errorData<CsvReport>(e);
      if (stale?.conflicts?.length) setReport(stale);
      setStatus({ kind: 'error', text: messageOf(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="ops-catalogue-csv" className={css.card}>
      <h2 id="ops-catalogue-csv" className={css.subheading}>
        Import and export
      </h2>
      <p className={css.minor}>
        <a href={catalogueCsvUrl} download>
          Download the catalogue (CSV)
        </a>
        . Price and MRP are in rupees; stock is the units on the shelf, including what live orders hold. An import changes price, MRP and
        stock by SKU; the other columns are there to read. The last column records what each row was exported with: a row whose variant
        changed since is refused, so download again before you edit.
      </p>
      {canEdit && (
        <form onSubmit={check} className={css.searchRow} aria-label="Import a catalogue CSV">
          <label className={css.field}>
            CSV file
            <input
              className={css.input}
              type="file"
              accept=".csv,text/csv"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setReport(null);
                setStatus(null);
              }}
            />
          </label>
          <button className={css.button} type="submit" disabled={busy}>
            Check file
          </button>
        </form>
      )}
      <Status status={status} />
      {report && report.conflicts.length > 0 && (
        <DataTable
          label="Changed since the export"
          columns={['Row', 'SKU', 'Field', 'In the file', 'Now']}
          rows={report.conflicts}
          rowKey={(c) => `${c.row}-${c.field}`}
          cells={(c) => [c.row, c.sku, FIELD_NAMES[c.field], conflictValue(c.field, c.exported), conflictValue(c.field, c.current)]}
        />
      )}
      {report && report.issues.length > 0 && (
        <DataTable
          label="Problems in the file"
          columns={['Row', 'SKU', 'Field', 'Message']}
          rows={report.issues}
          rowKey={(i) => `${i.row}-${i.field}-${i.message}`}
          cells={(i) => [i.row, i.sku, i.field, i.message]}
        />
      )}
      {report?.valid && (
        <>
          <DataTable
            label="Changes in the file"
            columns={['Row', 'SKU', 'Price (₹)', 'MRP (₹)', 'Stock']}
            rows={report.changes}
            rowKey={(c) => c.row}
            empty="Every row matches the catalogue: nothing to change."
            cells={(c) => [
              c.row,
              c.sku,
              change(decimalRupees(c.before.price), decimalRupees(c.after.price)),
              change(decimalRupees(c.before.mrp), decimalRupees(c.after.mrp)),
              change(String(c.before.on_hand), String(c.after.on_hand)),
            ]}
          />
          {report.changes.length > 0 && (
            <p>
              <button type="button" className={css.button} onClick={apply} disabled={busy}>
                Apply {report.changes.length} change(s)
              </button>
            </p>
          )}
        </>
      )}
    </section>
  );
}

const FIELD_NAMES = { price: 'Price (₹)', mrp: 'MRP (₹)', stock: 'Stock' } as const;
const conflictValue = (field: keyof typeof FIELD_NAMES, value: number) => (field === 'stock' ? String(value) : decimalRupees(value));
const change = (before: string, after: string) => (before === after ? before : `${before} → ${after}`);

/** The product's first image, and for editors a file to replace it with (JPEG, PNG or WebP; fitted on a square). */
function ImageEditor({ row, canEdit }: { row: StaffVariant; canEdit: boolean }) {
  const [src, setSrc] = useState(productImage(row.variant_id));
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<StatusLine>(null);
  const upload = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setStatus({ kind: 'error', text: 'Choose an image to upload.' });
    setBusy(true);
    try {
      const answer = await uploadProductImage(row.product_id, file);
      setSrc(answer.data.image_url);
      setStatus({ kind: 'saved', text: answer.message });
    } catch (e) {
      setStatus({ kind: 'error', text: messageOf(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <img src={src} alt="" width={64} height={64} loading="lazy" />
      {canEdit && (
        <details>
          <summary>
            Change<span className="ops-hidden"> the image of {row.product_name}</span>
          </summary>
          <form onSubmit={upload} aria-label={`Image of ${variantLabel(row)}`} className={css.filters}>
            <label className={css.field}>
              Image file
              <input
                className={css.input}
                type="file"
                accept="image/jpeg,image/png,image/webp"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
            </label>
            <button className={css.button} type="submit" disabled={busy}>
              Upload image
            </button>
          </form>
        </details>
      )}
      <Status status={status} />
    </>
  );
}
