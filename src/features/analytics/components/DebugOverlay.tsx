import * as Dialog from '@radix-ui/react-dialog';
import { type CSSProperties, useEffect, useMemo, useState } from 'react';
import { FixedScroll } from '../../../ui/fixed-scroll.tsx';
import { type DebugRecord, PROVIDER_IDS, type Pipeline, vendorIssues } from '../../../../providers/index.ts';

// The events debug overlay: every event with each provider's payload or the reason it was
// suppressed, filtered by provider and event, copyable as JSON. Reads the pipeline's ring buffer only. A payload
// that breaks its vendor's format is marked with the field and the rule (docs/decisions/016).

const s: Record<string, CSSProperties> = {
  trigger: {
    position: 'fixed',
    right: 16,
    bottom: 16,
    zIndex: 2147483000,
    padding: '8px 14px',
    borderRadius: 999,
    border: '1px solid #084c37',
    background: '#0b6e4f',
    color: '#fff',
    font: '600 14px system-ui, sans-serif',
    cursor: 'pointer',
  },
  overlay: { position: 'fixed', inset: 0, background: 'rgba(16,24,40,.4)', zIndex: 2147483001 },
  content: {
    position: 'fixed',
    inset: '4vh 4vw',
    zIndex: 2147483002,
    background: '#fff',
    color: '#1c2421',
    borderRadius: 10,
    padding: 16,
    display: 'flex',
    flexDirection: 'column',
    gap: 12,
    font: '14px system-ui, sans-serif',
  },
  bar: { display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' },
  list: { overflow: 'auto', flex: 1, margin: 0, padding: 0, listStyle: 'none' },
  item: { borderTop: '1px solid #d4ddd9', padding: '8px 0' },
  pre: { margin: '4px 0 0', padding: 8, background: '#f6f8f7', overflow: 'auto', maxHeight: 240, fontSize: 12 },
  muted: { color: '#4b5b55' },
  issue: { margin: '2px 0 0', color: '#a4262c', fontWeight: 600 },
  button: { padding: '6px 12px', borderRadius: 6, border: '1px solid #4b5b55', background: '#fff', color: '#1c2421', cursor: 'pointer' },
};

export interface DebugOverlayProps {
  pipeline: Pipeline;
  defaultOpen?: boolean;
}

/** "analytics_storage granted · ad_storage denied · …", or that the event carried none (read as denied). */
export const consentSummary = (c: DebugRecord['consent']): string =>
  c
    ? Object.entries(c)
        .map(([purpose, value]) => `${purpose} ${value}`)
        .join(' · ')
    : 'none recorded (denied)';

/** Records matching the filters; provider filter keeps only that provider's outcome. */
export function filterRecords(records: DebugRecord[], provider: string, event: string): DebugRecord[] {
  return records
    .filter((r) => event === 'all' || r.name === event)
    .map((r) => (provider === 'all' ? r : { ...r, outcomes: r.outcomes.filter((o) => o.provider === provider) }))
    .filter((r) => provider === 'all' || r.outcomes.length > 0 || r.suppressed);
}

export default function DebugOverlay({ pipeline, defaultOpen = false }: DebugOverlayProps) {
  const [records, setRecords] = useState<DebugRecord[]>(() => pipeline.debugRecords());
  const [provider, setProvider] = useState('all');
  const [event, setEvent] = useState('all');
  const [copied, setCopied] = useState(false);
  useEffect(() => pipeline.onDebugRecord(() => setRecords(pipeline.debugRecords())), [pipeline]);
  const names = useMemo(() => [...new Set(records.map((r) => r.name))].sort(), [records]);
  const shown = useMemo(() => filterRecords(records, provider, event).reverse(), [records, provider, event]);

  const copy = async () => {
    const text = JSON.stringify(shown, null, 2);
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch (error) {
      // Clipboard refused (insecure context): log it; the overlay is a developer tool.
      console.warn('[analytics] copy failed', error);
    }
  };

  return (
    <Dialog.Root defaultOpen={defaultOpen}>
      <Dialog.Trigger style={s.trigger}>Events ({records.length})</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay style={s.overlay} />
        <Dialog.Content style={s.content} aria-describedby={undefined}>
          <FixedScroll />
          <div style={s.bar}>
            <Dialog.Title style={{ margin: 0, fontSize: 18 }}>Events debug</Dialog.Title>
            <label>
              Provider{' '}
              <select value={provider} onChange={(e) => setProvider(e.target.value)}>
                <option value="all">All providers</option>
                {PROVIDER_IDS.map((id) => (
                  <option key={id} value={id}>
                    {id}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Event{' '}
              <select value={event} onChange={(e) => setEvent(e.target.value)}>
                <option value="all">All events</option>
                {names.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" style={s.button} onClick={copy}>
              {copied ? 'Copied' : 'Copy as JSON'}
            </button>
            <Dialog.Close style={{ ...s.button, marginLeft: 'auto' }}>Close</Dialog.Close>
          </div>
          <ul style={s.list} aria-label="Events">
            {shown.length === 0 && <li style={s.muted}>No events yet.</li>}
            {shown.map((r) => (
              <li key={`${r.event_id}-${r.at}`} style={s.item} data-event={r.name}>
                <strong>{r.name}</strong>{' '}
                <span style={s.muted}>
                  {new Date(r.at).toLocaleTimeString('en-IN')} · {r.event_id}
                </span>
                {/* SPEC §4.8: the consent the event was emitted with. */}
                <p style={{ ...s.muted, margin: '2px 0 0' }} data-consent>
                  Consent: {consentSummary(r.consent)}
                </p>
                {r.suppressed ? (
                  <p style={{ margin: '4px 0 0' }}>Suppressed: {r.suppressed}</p>
                ) : (
                  r.outcomes.map((o) => {
                    const issues = o.payload === undefined ? [] : vendorIssues(o.provider, o.payload);
                    return (
                      <details key={o.provider} data-provider={o.provider}>
                        <summary>
                          {o.provider}: {o.reason ?? 'sent'}
                          {issues.length > 0 && ` — fails the vendor's format (${issues.length})`}
                        </summary>
                        {issues.map((i) => (
                          <p key={i.field} style={s.issue}>
                            {i.field}: {i.rule}
                          </p>
                        ))}
                        {o.payload !== undefined && <pre style={s.pre}>{JSON.stringify(o.payload, null, 2)}</pre>}
                      </details>
                    );
                  })
                )}
              </li>
            ))}
          </ul>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
