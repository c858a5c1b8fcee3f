import { type InputHTMLAttributes, type ReactNode, useCallback, useEffect, useState } from 'react';
import { messageOf } from '../../../../schemas/constants.ts';
import { IST_TIME_ZONE } from '../../../../schemas/dates.ts';
import type { NormalisedError } from '../../../api/client.ts';
import { css } from './console-styles.ts';

// What every console area shares: the server's message of a failed call, a status line and one table.

export { messageOf };

/** The `data` of a 4xx answer (a 409 carries the current values there). */
export const errorData = <T,>(error: unknown): T | undefined =>
  (error as NormalisedError & { response?: { data?: { data?: T } } })?.response?.data?.data;

export const toPaise = (text: string): number | null => {
  if (!/^\d+(\.\d{1,2})?$/.test(text.trim())) return null;
  return Math.round(Number(text) * 100);
};

export const indiaTime = (iso: string) => new Date(iso).toLocaleString('en-IN', { timeZone: IST_TIME_ZONE });

export type StatusLine = { kind: 'error' | 'saved'; text: string } | null;

/** A polite live region: a saved change is announced, an error is an alert. */
export function Status({ status }: { status: StatusLine }) {
  return (
    <div aria-live="polite">
      {status && (
        <p role={status.kind === 'error' ? 'alert' : undefined} className={status.kind === 'error' ? css.error : css.saved}>
          {status.text}
        </p>
      )}
    </div>
  );
}

export function ErrorLine({ text }: { text: string }) {
  return text ? (
    <p role="alert" className={css.error}>
      {text}
    </p>
  ) : null;
}

/** The six-digit code of an authenticator app, as every staff form asks for it (docs/decisions/019). */
export function CodeField({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className={css.field}>
      {label}
      <input className={css.input} name="code" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={6} {...input} />
    </label>
  );
}

export interface Column {
  label: string;
  /** Read by screen readers only (an action column). */
  hidden?: boolean;
}

/**
 * The console's one table: a header row and a row per item, each a list of cells. Loading, empty and error states
 * are the caller's (`rows` null is loading).
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  cells,
  empty = 'Nothing matches.',
}: {
  label: string;
  columns: Array<string | Column>;
  rows: T[] | null;
  rowKey: (row: T) => string | number;
  cells: (row: T) => ReactNode[];
  empty?: string;
}) {
  if (rows === null) return <p>Loading…</p>;
  if (rows.length === 0) return <p>{empty}</p>;
  const cols = columns.map((c) => (typeof c === 'string' ? { label: c } : c));
  return (
    <table className={css.table} aria-label={label}>
      <thead>
        <tr>
          {cols.map((c) => (
            <th key={c.label} className={css.cell} scope="col">
              {c.hidden ? <span className="ops-hidden">{c.label}</span> : c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {cells(row).map((cell, i) => (
              <td key={cols[i]?.label ?? i} className={css.cell}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A search form: one labelled field and a button. */
export function SearchForm({
  label,
  value,
  onChange,
  onSearch,
  children,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  onSearch: () => void;
  children?: ReactNode;
}) {
  return (
    <form
      className={css.searchRow}
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch();
      }}
    >
      <label className={css.field}>
        {label}
        <input className={css.input} type="search" value={value} onChange={(e) => onChange(e.target.value)} />
      </label>
      {children}
      <button className={css.button} type="submit">
        Search
      </button>
    </form>
  );
}

/** Previous / next with where the list stands. */
export function Pager({ page, pages, total, onPage }: { page: number; pages: number; total: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className={css.searchRow}>
      <button type="button" className={css.button} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <p className={css.minor}>
        Page {page} of {pages} ({total} in all)
      </p>
      <button type="button" className={css.button} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}

/** A console list, loaded on mount and by `load()`; a failed load shows its message over an empty list. */
export function useConsoleList<T>(fetchRows: () => Promise<T[]>) {
  const [rows, setRows] = useState<T[] | null>(null);
  const [status, setStatus] = useState<StatusLine>(null);
  const load = useCallback(async () => {
    try {
      setRows(await fetchRows());
    } catch (e) {
      setRows([]);
      setStatus({ kind: 'error', text: messageOf(e) });
    }
  }, [fetchRows]);
  useEffect(() => {
    void load();
  }, [load]);
  return { rows, status, setStatus, load };
}
