import { type FormEvent, useId, useState } from 'react';
import type { StaffMe } from '../../../../schemas/staff.ts';
import { staffSignIn } from '../api.ts';
import { css } from './console-styles.ts';
import { CodeField, messageOf } from './shared.tsx';

// Staff sign-in: email, password and the code of an authenticator app, checked together (docs/decisions/019).

export default function SignIn({ onSignedIn }: { onSignedIn: (me: StaffMe) => void }) {
  const id = useId();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError('');
    try {
      const answer = await staffSignIn({
        email: String(form.get('email') ?? ''),
        password: String(form.get('password') ?? ''),
        code: String(form.get('code') ?? ''),
      });
      onSignedIn(answer.data);
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
          Kasrat operations
        </h1>
        <label className={css.field}>
          Email
          <input className={css.input} name="email" type="email" autoComplete="username" required />
        </label>
        <label className={css.field}>
          Password
          <input className={css.input} name="password" type="password" autoComplete="current-password" required />
        </label>
        <CodeField label="Code from your authenticator app" required />
        {error && (
          <p role="alert" className={css.error}>
            {error}
          </p>
        )}
        <button className={css.button} type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
    </main>
  );
}
