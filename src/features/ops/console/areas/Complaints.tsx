import { type FormEvent, useCallback, useState } from 'react';
import { GRIEVANCE_STATUS_LABELS } from '../../../../../schemas/grievance-rules.ts';
import type { OpsGrievance } from '../../../../../schemas/grievances.ts';
import { acknowledgeGrievance, answerGrievance, opsGrievances } from '../../api.ts';
import { css } from '../console-styles.ts';
import { DataTable, indiaTime, messageOf, Status, useConsoleList } from '../shared.tsx';

// Complaints (docs/grievance-redressal.md): the grievance officer's queue, by the deadline each complaint works to
// now (48 hours to acknowledge, one month to resolve), overdue ones marked. Acknowledging stops the first clock;
// the answer goes to the shopper by email and SMS and resolves the complaint. Both are on the audit trail.

type Filter = 'pending' | 'open' | 'acknowledged' | 'resolved';
const FILTERS: Array<{ value: Filter; label: string }> = [
  { value: 'pending', label: 'Not resolved' },
  { value: 'open', label: 'Open' },
  { value: 'acknowledged', label: 'Acknowledged' },
  { value: 'resolved', label: 'Resolved' },
];
const STATUS: Record<OpsGrievance['status'], string> = { open: 'Open', acknowledged: 'Acknowledged', resolved: 'Resolved' };

/** A clock: its deadline, or when it was met; "Overdue" when it ran out unmet. */
function Clock({ due, met, late }: { due: string; met: string | null; late: boolean }) {
  if (met) return <span>Done {indiaTime(met)}</span>;
  return (
    <span>
      By {indiaTime(due)}
      {late && (
        <>
          <br />
          <strong className={css.error}>Overdue</strong>
        </>
      )}
    </span>
  );
}

export default function Complaints() {
  const [filter, setFilter] = useState<Filter>('pending');
  const [answering, setAnswering] = useState<string | null>(null);
  const fetchRows = useCallback(async () => (await opsGrievances(filter)).data, [filter]);
  const { rows, status, setStatus, load } = useConsoleList(fetchRows);

  const acknowledge = async (g: OpsGrievance) => {
    try {
      const answer = await acknowledgeGrievance(g.reference);
      setStatus({ kind: 'saved', text: answer.message });
      await load();
    } catch (e) {
      setStatus({ kind: 'error', text: messageOf(e) });
    }
  };

  return (
    <section aria-labelledby="ops-complaints">
      <h1 id="ops-complaints" className={css.heading}>
        Complaints
      </h1>
      <div className={css.filters}>
        <label className={css.field}>
          Show
          <select className={css.input} value={filter} onChange={(e) => setFilter(e.target.value as Filter)}>
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Status status={status} />
      <DataTable
        label="Complaints"
        columns={[
          'Ticket',
          'Shopper',
          'Complaint',
          'Status',
          'Acknowledge (48 hours)',
          'Resolve (one month)',
          { label: 'Actions', hidden: true },
        ]}
        rows={rows}
        rowKey={(g) => g.reference}
        empty="No complaints here."
        cells={(g) => [
          <div key="ticket">
            <strong>{g.reference}</strong>
            <p className={css.minor}>Received {indiaTime(g.created_at)}</p>
          </div>,
          <div key="who">
            {g.customer_name}
            <p className={css.minor}>{g.contact}</p>
          </div>,
          <div key="what">
            <strong>
              {g.category}
              {g.order_number ? `, order ${g.order_number}` : ''}
            </strong>
            <p className={css.minor}>{g.message}</p>
            {g.answer && <p className={css.minor}>Answer: {g.answer}</p>}
          </div>,
          <span key="status" title={GRIEVANCE_STATUS_LABELS[g.status]}>
            {STATUS[g.status]}
          </span>,
          <Clock key="ack" due={g.acknowledge_by} met={g.acknowledged_at} late={g.overdue.acknowledge} />,
          <Clock key="resolve" due={g.resolve_by} met={g.resolved_at} late={g.overdue.resolve} />,
          g.status === 'resolved' ? (
            ''
          ) : answering === g.reference ? (
            <AnswerForm
              key="answer"
              grievance={g}
              onCancel={() => setAnswering(null)}
              onDone={async (text) => {
                setAnswering(null);
                setStatus({ kind: 'saved', text });
                await load();
              }}
            />
          ) : (
            <span key="actions" className={css.searchRow}>
              {g.status === 'open' && (
                <button type="button" className={css.button} onClick={() => acknowledge(g)}>
                  Acknowledge<span className="ops-hidden"> complaint {g.reference}</span>
                </button>
              )}
              <button type="button" className={css.button} onClick={() => setAnswering(g.reference)}>
                Answer<span className="ops-hidden"> complaint {g.reference}</span>
              </button>
            </span>
          ),
        ]}
      />
    </section>
  );
}

function AnswerForm({ grievance, onCancel, onDone }: { grievance: OpsGrievance; onCancel: () => void; onDone: (message: string) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      onDone((await answerGrievance(grievance.reference, text)).message);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} style={{ display: 'grid', gap: 8, minWidth: 260 }}>
      <label className={css.field}>
        Answer to {grievance.customer_name} ({grievance.reference})
        <textarea className={css.input} rows={4} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      {error && (
        <p role="alert" className={css.error}>
          {error}
        </p>
      )}
      <span className={css.searchRow}>
        <button type="submit" className={css.button} disabled={busy}>
          Send answer and resolve
        </button>
        <button type="button" className={css.button} onClick={onCancel}>
          Cancel
        </button>
      </span>
    </form>
  );
}
