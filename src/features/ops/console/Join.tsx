import { type FormEvent, useEffect, useId, useState } from 'react';
import { acceptStaffLink, openStaffLink } from '../api.ts';
import { css } from './console-styles.ts';
import { CodeField, messageOf } from './shared.tsx';

// A one-time staff link (/ops/join#token, docs/decisions/019): the invited member chooses their password and adds the
// console to their own authenticator app; after a reset of the second factor, only the authenticator. The token is
// in the fragment, which no server log or Referer carries.

type Link = { kind: 'invite' | 'enrol'; email: string; role: string; secret: string; otpauth_url: string };

export default function Join() {
  const id = useId();
  const [link, setLink] = useState<Link | null>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const [token] = useState(() => (typeof window === 'undefined' ? '' : window.location.hash.slice(1)));
  useEffect(() => {
    if (!token) {
      setError('This link is not valid any more. Ask the store owner for a new one.');
      return;
    }
    openStaffLink(token)
      .then((a) => setLink(a.data))
      .catch((e: unknown) => setError(messageOf(e)));
  }, [token]);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError('');
    try {
      const password = String(form.get('password') ?? '');
      await acceptStaffLink({ token, code: String(form.get('code') ?? ''), ...(link?.kind === 'invite' ? { password } : {}) });
      setDone(true);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main>
      <form className={css.signIn} onSubmit={submit} aria-labelledby={`${id}-h`}>
        <h1 id={`${id}-h`} className={css.heading}>
          {link?.kind === 'enrol' ? 'Set up your authenticator again' : 'Join the Kasrat console'}
        </h1>
        {done ? (
          <p role="status">
            Your account is ready. <a href="/ops">Sign in to the console</a>.
          </p>
        ) : link ? (
          <>
            <p>
              {link.email}, role {link.role}.
            </p>
            <p>
              Add this account to your authenticator app: open <a href={link.otpauth_url}>this link on your phone</a>, or enter the key{' '}
              <code>{link.secret}</code>.
            </p>
            {link.kind === 'invite' && (
              <label className={css.field}>
                Choose a password (at least 12 characters, not a common one)
                <input className={css.input} name="password" type="password" autoComplete="new-password" minLength={12} required />
              </label>
            )}
            <CodeField label="Code your authenticator app now shows" required />
            <button className={css.button} type="submit" disabled={busy}>
              Finish
            </button>
          </>
        ) : (
          !error && <p>Loading…</p>
        )}
        {error && (
          <p role="alert" className={css.error}>
            {error}
          </p>
        )}
      </form>
    </main>
  );
}
