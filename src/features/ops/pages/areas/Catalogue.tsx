import { type FormEvent, useCallback, useEffect, useState } from 'react';
import type { StaffVariant } from '../../../../../schemas/staff.ts';
import { findVariants, saveVariantPrice } from '../../api.ts';
import { css } from '../console-styles.ts';
import { DataTable, ErrorLine, errorData, messageOf, rupees, SearchForm, Status, type StatusLine, toPaise } from '../shared.tsx';

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
      <SearchForm label="Product name or SKU" value={query} onChange={setQuery} onSearch={() => void search(query)} />
      {!canEdit && <p className={css.notice}>Your role can see prices but not change them.</p>}
      <ErrorLine text={error} />
      <DataTable
        label="Variants"
        columns={['Product', 'SKU', 'Stock', 'Price and MRP (₹)']}
        rows={rows}
        rowKey={(r) => r.variant_id}
        empty="No variants match."
        cells={(row) => [variantLabel(row), row.sku, row.stock, <PriceEditor key={row.variant_id} row={row} canEdit={canEdit} />]}
      />
    </section>
  );
}

const variantLabel = (row: StaffVariant) => `${row.product_name}${row.label ? ` (${row.label})` : ''}`;

function PriceEditor({ row, canEdit }: { row: StaffVariant; canEdit: boolean }) {
  // The values this editor saw: the server applies the edit only if they are still current (409 otherwise).
  const [seen, setSeen] = useState({ price: row.price, mrp: row.mrp });
  const [price, setPrice] = useState(rupees(row.price));
  const [mrp, setMrp] = useState(rupees(row.mrp));
  const [status, setStatus] = useState<StatusLine>(null);
  const label = variantLabel(row);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const p = toPaise(price);
    const m = toPaise(mrp);
    if (p === null || m === null) return setStatus({ kind: 'error', text: 'Enter amounts in rupees, like 1499 or 1499.50.' });
    try {
      const answer = await saveVariantPrice(row.variant_id, { price: p, mrp: m, expected_price: seen.price, expected_mrp: seen.mrp });
      setSeen({ price: answer.data.after.price, mrp: answer.data.after.mrp });
      setStatus({ kind: 'saved', text: answer.message });
    } catch (e) {
      const current = errorData<{ current?: { price: number; mrp: number } }>(e)?.current;
      if (current) {
        setSeen(current);
        setStatus({ kind: 'error', text: `${messageOf(e)} Now: price ₹${rupees(current.price)}, MRP ₹${rupees(current.mrp)}.` });
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
