import { useCallback, useEffect, useState } from 'react';
import { formatPaise } from '../../../../../schemas/money.ts';
import type { OpsToday } from '../../../../../schemas/ops-orders.ts';
import { funnelReport, opsToday, retryOutbox } from '../../api.ts';
import { css } from '../console-styles.ts';
import { DataTable, ErrorLine, indiaTime, messageOf, Status, type StatusLine } from '../shared.tsx';

// Today (docs/decisions/019): the India day's orders and revenue, the analysts' conversion funnel, and the health
// of the outboxes (the shoppers' messages, the marketers' feeds) with the owner's retry of dead letters.

type Funnel = Awaited<ReturnType<typeof funnelReport>>['data'];
const percent = (x: number | null) => (x === null ? '' : `${Math.round(x * 1000) / 10}%`);

export default function Today({ canRetry }: { canRetry: boolean }) {
  const [today, setToday] = useState<OpsToday | null>(null);
  const [funnel, setFunnel] = useState<Funnel | null>(null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState<StatusLine>(null);
  const load = useCallback(async () => {
    try {
      const [t, f] = await Promise.all([opsToday(), funnelReport()]);
      setToday(t.data);
      setFunnel(f.data);
    } catch (e) {
      setError(messageOf(e));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const retry = async (queue: 'messages' | 'feeds') => {
    try {
      setStatus({ kind: 'saved', text: (await retryOutbox(queue)).message });
      await load();
    } catch (e) {
      setStatus({ kind: 'error', text: messageOf(e) });
    }
  };
  return (
    <section aria-labelledby="ops-today">
      <h1 id="ops-today" className={css.heading}>
        Today
      </h1>
      <ErrorLine text={error} />
      {!today && !error && <p>Loading…</p>}
      {today && (
        <>
          <div className={css.facts}>
            <p>
              <strong>Orders today ({today.day})</strong>
              <br />
              {today.today.orders} · {formatPaise(today.today.revenue)}
            </p>
            <p>
              <strong>Last 7 days</strong>
              <br />
              {today.last_7_days.orders} · {formatPaise(today.last_7_days.revenue)}
            </p>
            <p>
              <strong>Shipments cancelled today</strong>
              <br />
              {today.today.cancelled_shipments}
            </p>
          </div>
          <h2 className={css.subheading}>Outboxes</h2>
          <DataTable
            label="Outbox health"
            columns={['Queue', 'Pending', 'Oldest pending', 'Dead letters', { label: 'Retry', hidden: !canRetry }]}
            rows={[
              { key: 'messages' as const, name: 'Shoppers’ messages (email, SMS)', ...today.outboxes.messages },
              { key: 'feeds' as const, name: 'Marketing feeds', ...today.outboxes.feeds },
            ]}
            rowKey={(r) => r.key}
            cells={(r) => [
              r.name,
              r.pending,
              r.oldest_pending_at ? indiaTime(r.oldest_pending_at) : 'None',
              r.dead_letters,
              canRetry && r.dead_letters > 0 && (
                <button type="button" className={css.button} onClick={() => retry(r.key)}>
                  Retry dead letters<span className="ops-hidden"> of {r.name}</span>
                </button>
              ),
            ]}
          />
          <Status status={status} />
        </>
      )}
      {funnel && (
        <>
          <h2 className={css.subheading}>
            Conversion funnel, {funnel.from} to {funnel.to}
          </h2>
          <DataTable
            label="Conversion funnel"
            columns={['Step', 'Sessions', 'From the step before']}
            rows={funnel.steps}
            rowKey={(s) => s.step}
            cells={(s) => [s.label, s.sessions, percent(s.conversion_from_previous)]}
          />
        </>
      )}
    </section>
  );
}
