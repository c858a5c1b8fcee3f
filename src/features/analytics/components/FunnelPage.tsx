import { type FormEvent, useEffect, useState } from 'react';
import { envelope } from '../../../../schemas/common.ts';
import { FunnelResponse } from '../../../../schemas/events.ts';
import { get } from '../../../api/client.ts';
import { usePageMeta } from '../../../ui/meta.tsx';

// The analysts' view of GET /api/analytics/funnel: step counts, step-to-step conversion, ordering problems.

const Answer = envelope(FunnelResponse);
const percent = (ratio: number | null) => (ratio === null ? '—' : `${(ratio * 100).toFixed(1)}%`);
/** The report is staff only: the operations token, kept for this tab only. */
const TOKEN_KEY = 'kasrat.ops-token';
const storedToken = (): string => {
  try {
    return sessionStorage.getItem(TOKEN_KEY) ?? '';
  } catch {
    return '';
  }
};
const cell = { padding: '6px 12px', borderBottom: '1px solid #d4ddd9', textAlign: 'left' as const };

export default function FunnelPage() {
  usePageMeta({ title: 'Checkout funnel', description: 'Checkout funnel steps and conversion' });
  const [range, setRange] = useState<{ from?: string; to?: string; token: string }>(() => ({ token: storedToken() }));
  const [state, setState] = useState<{ loading: boolean; data: FunnelResponse | null; error: string | null }>({
    loading: true,
    data: null,
    error: null,
  });

  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    const { token, ...dates } = range;
    const params = new URLSearchParams(Object.entries(dates).filter(([, v]) => v) as [string, string][]);
    get<typeof Answer>(`/api/analytics/funnel${params.size ? `?${params}` : ''}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })
      .then((res) => live && setState({ loading: false, data: res.data, error: null }))
      .catch(
        (e: { message?: string }) => live && setState({ loading: false, data: null, error: e?.message ?? 'Could not load the funnel.' }),
      );
    return () => {
      live = false;
    };
  }, [range]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const token = String(form.get('token') || '');
    try {
      sessionStorage.setItem(TOKEN_KEY, token);
    } catch {
      // Private mode: the token lives for this page only.
    }
    setRange({ from: String(form.get('from') || '') || undefined, to: String(form.get('to') || '') || undefined, token });
  };

  const data = state.data;
  return (
    <article>
      <h1>Checkout funnel</h1>
      <form onSubmit={submit} style={{ display: 'flex', gap: 12, alignItems: 'end', flexWrap: 'wrap' }}>
        <label>
          Operations token <input type="password" name="token" autoComplete="off" defaultValue={range.token} />
        </label>
        <label>
          From <input type="date" name="from" defaultValue={data?.from} />
        </label>
        <label>
          To <input type="date" name="to" defaultValue={data?.to} />
        </label>
        <button type="submit">Show</button>
      </form>
      {state.error && <p role="alert">{state.error}</p>}
      {state.loading && !data && <p>Loading…</p>}
      {data && (
        <>
          <p>
            {data.from} to {data.to} (India time). A session counts at a step only after reaching the step before it.
          </p>
          <table style={{ borderCollapse: 'collapse', minWidth: 480 }}>
            <caption style={{ textAlign: 'left' }}>Sessions per funnel step</caption>
            <thead>
              <tr>
                <th style={cell}>Step</th>
                <th style={cell}>Sessions</th>
                <th style={cell}>Conversion from previous</th>
                <th style={cell}>Sessions (any order)</th>
                <th style={cell}>Events</th>
              </tr>
            </thead>
            <tbody>
              {data.steps.map((s) => (
                <tr key={s.step}>
                  <th scope="row" style={cell}>
                    {s.step}. {s.label}
                  </th>
                  <td style={cell}>{s.sessions}</td>
                  <td style={cell}>{percent(s.conversion_from_previous)}</td>
                  <td style={cell}>{s.sessions_any_order}</td>
                  <td style={cell}>{s.events}</td>
                </tr>
              ))}
              <tr>
                <th scope="row" style={cell}>
                  Purchase
                </th>
                <td style={cell}>{data.purchases.sessions}</td>
                <td style={cell}>—</td>
                <td style={cell}>—</td>
                <td style={cell}>{data.purchases.events}</td>
              </tr>
            </tbody>
          </table>
          <p>Sessions with a step out of order or skipped: {data.out_of_order_sessions}</p>
        </>
      )}
    </article>
  );
}
