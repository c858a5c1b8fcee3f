import { useState } from 'react';
import { messageOf } from '../../../api/resource.ts';
import { Link, useSearchParams } from 'react-router-dom';
import { button, card } from '../../../ui/theme/global.css.ts';
import { contentApi } from '../api.ts';
import * as css from '../components/content.css.ts';

// /unsubscribe?email=&token= (SPEC §7 unsubscribe-user): opened from the signed link in an email. The shopper
// confirms with a button, so a mail scanner that prefetches links never unsubscribes anyone.

export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const [state, setState] = useState<{ kind: 'idle' | 'busy' | 'done' | 'error'; message?: string }>({ kind: 'idle' });

  const confirm = async () => {
    setState({ kind: 'busy' });
    try {
      const res = await contentApi.unsubscribe(email, token);
      setState({ kind: 'done', message: res.message });
    } catch (err) {
      setState({ kind: 'error', message: messageOf(err) });
    }
  };

  return (
    <article className={css.page}>
      <h1>Unsubscribe</h1>
      <section className={card}>
        {!email || !token ? (
          <p role="alert">This unsubscribe link is incomplete. Please use the link from your latest Kasrat email.</p>
        ) : state.kind === 'done' ? (
          <>
            <p className={css.result.genuine} role="status" data-testid="unsubscribe-done">
              {state.message}
            </p>
            <p className={css.meta}>You will still get messages about your orders.</p>
            <Link to="/">Continue shopping</Link>
          </>
        ) : (
          <>
            <p>
              Stop offers and newsletters to <strong>{email}</strong>?
            </p>
            {state.kind === 'error' ? (
              <p className={css.result.error} role="alert">
                {state.message}
              </p>
            ) : null}
            <button type="button" className={button} onClick={confirm} disabled={state.kind === 'busy'}>
              {state.kind === 'busy' ? 'Unsubscribing…' : 'Unsubscribe'}
            </button>
          </>
        )}
      </section>
    </article>
  );
}
