import { useState } from 'react';
import { setConsent } from '../../../../events/consent-answer.ts';
import { consentState } from '../../../../events/consent.ts';
import { type ConsentPurpose, PURPOSE_LABELS, textVersionOf } from '../../../../schemas/consent-rules.ts';
import type { ConsentEntry } from '../../../../schemas/consent.ts';
import { formatDay } from '../../../../schemas/dates.ts';
import { useResource } from '../../../api/page-resource.ts';
import { messageOf } from '../../../api/resource.ts';
import { useToast } from '../../../ui/Toast.tsx';
import { accountApi } from '../api.ts';
import * as css from './account.css.ts';

// SPEC §4.8: the profile lists every consent with its state and last record; one tap withdraws it, as one tap gave it.

const HOW: Record<string, string> = {
  sign_up: 'on the sign-up form',
  profile: 'on your profile',
  cookie_notice: 'on the cookie notice',
  unsubscribe_link: 'by an unsubscribe link',
};

function stateText(c: ConsentEntry): string {
  if (!c.at) return c.granted ? 'Given' : 'Not given';
  const when = `${formatDay(new Date(c.at), 'IST')} ${HOW[c.method ?? ''] ?? ''}`.trim();
  return c.granted ? `Given ${when}` : `Withdrawn ${when}`;
}

export function ConsentsSection() {
  const list = useResource(() => accountApi.consents().then((r) => r.data.consents));
  const [busy, setBusy] = useState<ConsentPurpose | null>(null);
  const toast = useToast();
  const change = async (c: ConsentEntry) => {
    setBusy(c.purpose);
    try {
      const res = await accountApi.changeConsent({ purpose: c.purpose, granted: !c.granted, text_version: textVersionOf(c.purpose) });
      list.set(res.data.consents);
      // A tracking purpose holds in this browser at once too (the reporting reads the browser's answer).
      if (c.purpose !== 'marketing') setConsent({ ...consentState(), [c.purpose]: c.granted ? 'denied' : 'granted' });
      toast.show(res.message, 'success');
    } catch (err) {
      toast.show(messageOf(err), 'error');
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className={css.panel} aria-labelledby="consents-title">
      <h2 id="consents-title">Your consents</h2>
      {list.loading && !list.data ? (
        <p role="status">Loading your consents…</p>
      ) : !list.data ? (
        <p role="alert">{list.error}</p>
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.data.map((c) => (
            <li key={c.purpose} className={css.row} style={{ justifyContent: 'space-between', padding: '8px 0' }} data-purpose={c.purpose}>
              <span>
                {PURPOSE_LABELS[c.purpose]}
                <span className={css.hint} style={{ display: 'block' }}>
                  {stateText(c)}
                </span>
              </span>
              <button
                type="button"
                className={css.linkButton}
                disabled={busy !== null}
                aria-label={`${c.granted ? 'Withdraw' : 'Give'}: ${PURPOSE_LABELS[c.purpose]}`}
                onClick={() => void change(c)}
                style={{ minHeight: 44 }}
              >
                {c.granted ? 'Withdraw' : 'Give consent'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
