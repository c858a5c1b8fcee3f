import { useEffect, useState } from 'react';
import type { AuditEntry } from '../../../../../schemas/staff.ts';
import { auditTrail } from '../../api.ts';
import { css } from '../console-styles.ts';
import { DataTable, ErrorLine, indiaTime, messageOf } from '../shared.tsx';

// The audit trail, newest first, read-only (docs/decisions/019).

const json = (value: unknown) => <code>{value == null ? '' : JSON.stringify(value)}</code>;

export default function Audit() {
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    auditTrail()
      .then((a) => setEntries(a.data.entries))
      .catch((e: unknown) => setError(messageOf(e)));
  }, []);
  return (
    <section aria-labelledby="ops-audit">
      <h1 id="ops-audit" className={css.heading}>
        Audit trail
      </h1>
      <ErrorLine text={error} />
      {!error && (
        <DataTable
          label="Audit entries"
          columns={['When', 'Who', 'What', 'Target', 'Before', 'After', 'Request']}
          rows={entries}
          rowKey={(e) => e.id}
          empty="No entries yet."
          cells={(e) => [indiaTime(e.at), e.actor, e.action, e.target, json(e.before), json(e.after), e.request_id]}
        />
      )}
    </section>
  );
}
