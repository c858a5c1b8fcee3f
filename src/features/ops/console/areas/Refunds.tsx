import { useCallback, useEffect, useState } from 'react';
import { formatPaise } from '../../../../../schemas/money.ts';
import type { OpsPaymentIssue } from '../../../../../schemas/ops-orders.ts';
import type { Paging } from '../../../../../schemas/staff-catalogue.ts';
import { resolvePaymentIssue, retryRefunds } from '../../api.ts';
import { paymentIssuesPage } from '../../api-catalogue.ts';
import { css } from '../console-styles.ts';
import { DataTable, ErrorLine, indiaTime, messageOf, Pager, Status, type StatusLine } from '../shared.tsx';

// Refunds and payment issues (docs/decisions/019): retry the refunds left pending, and the queue of what needs a
// person (a refund to pay by hand, a refund the gateway refused, a payment that does not match its order).

const KINDS: Record<string, string> = {
  refund_failed: 'Refund failed',
  refund_to_pay: 'Refund to pay by hand',
  unusable_refund_failed: 'Refund failed, no account to pay',
  offer_not_qualified: 'Bank offer not qualified',
  status_mismatch: 'Payment and order disagree',
};

export default function Refunds({ canEdit }: { canEdit: boolean }) {
  const [page, setPage] = useState(1);
  const [issues, setIssues] = useState<OpsPaymentIssue[] | null>(null);
  const [paging, setPaging] = useState<Paging | null>(null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState<StatusLine>(null);
  const load = useCallback(async () => {
    try {
      const { data } = await paymentIssuesPage(page);
      // A resolved issue leaves the queue: the last page may have emptied.
      if (data.issues.length === 0 && page > 1) return setPage(data.paging.pages);
      setIssues(data.issues);
      setPaging(data.paging);
    } catch (e) {
      setError(messageOf(e));
    }
  }, [page]);
  useEffect(() => {
    void load();
  }, [load]);
  const retry = async () => {
    try {
      const answer = await retryRefunds();
      setStatus({ kind: 'saved', text: `${answer.data.processed} pending refund(s) tried again.` });
      await load();
    } catch (e) {
      setStatus({ kind: 'error', text: messageOf(e) });
    }
  };
  const resolve = async (issue: OpsPaymentIssue, resolution: string) => {
    try {
      await resolvePaymentIssue(issue.id, resolution);
      setStatus({ kind: 'saved', text: `Issue ${issue.id} resolved.` });
      await load();
    } catch (e) {
      setStatus({ kind: 'error', text: messageOf(e) });
    }
  };
  return (
    <section aria-labelledby="ops-refunds">
      <h1 id="ops-refunds" className={css.heading}>
        Refunds and payment issues
      </h1>
      {canEdit && (
        <p>
          <button type="button" className={css.button} onClick={retry}>
            Retry pending refunds
          </button>
        </p>
      )}
      <Status status={status} />
      <ErrorLine text={error} />
      <DataTable
        label="Open payment issues"
        columns={['Opened', 'Kind', 'Order', 'Amount', 'Note', { label: 'Resolve', hidden: !canEdit }]}
        rows={issues}
        rowKey={(i) => i.id}
        empty="No open payment issues."
        cells={(i) => [
          indiaTime(i.created_at),
          KINDS[i.kind] ?? i.kind,
          i.order_id ?? '',
          formatPaise(i.amount),
          i.note,
          canEdit && <ResolveForm key={i.id} issue={i} onResolve={resolve} />,
        ]}
      />
      {paging && <Pager page={paging.page} pages={paging.pages} total={paging.total} onPage={setPage} />}
    </section>
  );
}

function ResolveForm({ issue, onResolve }: { issue: OpsPaymentIssue; onResolve: (i: OpsPaymentIssue, text: string) => Promise<void> }) {
  const [text, setText] = useState('');
  return (
    <form
      className={css.searchRow}
      aria-label={`Resolve issue ${issue.id}`}
      onSubmit={(e) => {
        e.preventDefault();
        void onResolve(issue, text);
      }}
    >
      <label className={css.field}>
        What was done
        {/* A refund the gateway is paying or paid is refused here (docs/decisions/015): the example is a bank transfer. */}
        <input
          className={css.input}
          value={text}
          minLength={3}
          maxLength={500}
          required
          placeholder="Paid by NEFT, UTR …"
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <button className={css.button} type="submit">
        Resolve
      </button>
    </form>
  );
}
