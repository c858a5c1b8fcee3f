import { type FormEvent, useState } from 'react';
import { changeOwnPassword } from '../../api.ts';
import { css } from '../console-styles.ts';
import { CodeField, messageOf, Status, type StatusLine } from '../shared.tsx';

// Every member changes their own password: the current one and a fresh code (docs/decisions/019).

export default function OwnPassword() {
  const [status, setStatus] = useState<StatusLine>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    try {
      const answer = await changeOwnPassword({
        current_password: String(form.get('current') ?? ''),
        new_password: String(form.get('new') ?? ''),
        code: String(form.get('code') ?? ''),
      });
      setStatus({ kind: 'saved', text: answer.message });
      formElement.reset();
    } catch (e) {
      setStatus({ kind: 'error', text: messageOf(e) });
    }
  };
  return (
    <section aria-labelledby="ops-password">
      <h1 id="ops-password" className={css.heading}>
        Your password
      </h1>
      <form className={css.card} onSubmit={submit}>
        <label className={css.field}>
          Current password
          <input className={css.input} name="current" type="password" autoComplete="current-password" required />
        </label>
        <label className={css.field}>
          New password (at least 12 characters, not a common one)
          <input className={css.input} name="new" type="password" autoComplete="new-password" minLength={12} required />
        </label>
        <CodeField label="Code from your authenticator app" required />
        <Status status={status} />
        <button className={css.button} type="submit">
          Change password
        </button>
      </form>
    </section>
  );
}
