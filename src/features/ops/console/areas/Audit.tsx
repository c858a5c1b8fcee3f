import { type FormEvent, useCallback, useEffect, useState } from 'react';
import type { AuditEntry } from '../../../../../schemas/staff.ts';
import { type AuditFilterValues, auditCsvUrl, auditTrail } from '../../api.ts';
import { css } from '../console-styles.ts';
import { DataTable, ErrorLine, indiaTime, messageOf } from '../shared.tsx';

// The audit trail, newest first, read-only (docs/decisions/019): filtered by person, action and days, and exported
// as CSV with the same filters (the export is itself on record).

const json = (value: unknown) => <code>{value == null ? '' : JSON.stringify(value)}</code>;

export default function Audit() {
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [filters, setFilters] = useState<AuditFilterValues>({});
  const [error, setError] = useState('');
  const load = useCallback((f: AuditFilterValues) => {
    setEntries(null);
    setError('');
    auditTrail(f)
      .then((a) => setEntries(a.data.entries))
      .catch((e: unknown) => setError(messageOf(e)));
  }, []);
  useEffect(() => load({}), [load]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    const next = { staff_id: value('staff_id'), action: value('action'), from: value('from'), to: value('to') };
    setFilters(next);
    load(next);
  };
  return (
    <section aria-labelledby="ops-audit">
      <h1 id="ops-audit" className={css.heading}>
        Audit trail
      </h1>
      <form className={css.filters} onSubmit={submit} aria-label="Filter the audit trail">
        <label className={css.field}>
          Staff id
          <input className={css.input} name="staff_id" inputMode="numeric" pattern="\d*" size={6} />
        </label>
        <label className={css.field}>
          Action
          <input className={css.input} name="action" placeholder="staff.sign-in" />
        </label>
        <label className={css.field}>
          From
          <input className={css.input} name="from" type="date" />
        </label>
        <label className={css.field}>
          To
          <input className={css.input} name="to" type="date" />
        </label>
        <button className={css.button} type="submit">
          Filter
        </button>
        <a className={css.linkButton} href={auditCsvUrl(filters)} download>
          Export CSV
        </a>
      </form>
      <ErrorLine text={error} />
      {!error && (
        <DataTable
          label="Audit entries"
          columns={['When', 'Who', 'What', 'Target', 'Before', 'After', 'Source', 'Request']}
          rows={entries}
          rowKey={(e) => e.id}
          empty="No entries match."
          cells={(e) => [
            indiaTime(e.at),
            e.actor,
            e.action,
            e.target,
            json(e.before),
            json(e.after),
            <span key="source" title={e.user_agent}>
              {e.source}
            </span>,
            <span key="request" title={e.client_request_id ? `Caller's id: ${e.client_request_id}` : undefined}>
              {e.request_id}
            </span>,
          ]}
        />
      )}
    </section>
  );
}
