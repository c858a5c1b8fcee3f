import { type FormEvent, useCallback, useEffect, useState } from 'react';
import type { StaffListItem } from '../../../../../schemas/staff.ts';
import { STAFF_ROLES } from '../../../../../schemas/staff-rules.ts';
import { changeStaffRole, endStaffSessions, inviteStaff, listStaff, resetStaffSecondFactor, setStaffDisabled } from '../../api.ts';
import { css } from '../console-styles.ts';
import { CodeField, DataTable, ErrorLine, messageOf, Status, type StatusLine } from '../shared.tsx';

// The owner's staff area (docs/decisions/019): invite by email, change a role, disable or enable, reset a second
// factor, end sessions. Every act asks for a fresh code from the owner's authenticator (a code confirms one act).

type Invite = { email: string; role: string; expires_at: string };

export default function Staff({ myId }: { myId: number }) {
  const [staff, setStaff] = useState<StaffListItem[] | null>(null);
  const [invites, setInvites] = useState<Invite[]>([]);
  const [error, setError] = useState('');
  const [status, setStatus] = useState<StatusLine>(null);
  const [code, setCode] = useState('');
  const load = useCallback(() => {
    listStaff()
      .then((a) => {
        setStaff(a.data.staff);
        setInvites(a.data.invites);
      })
      .catch((e: unknown) => setError(messageOf(e)));
  }, []);
  useEffect(load, [load]);

  /** Runs one act with the code typed, then clears the code (it is spent either way) and reloads the list. */
  const act = async (run: (code: string) => Promise<{ message: string }>) => {
    if (!/^\d{6}$/.test(code)) {
      setStatus({ kind: 'error', text: 'Enter a fresh 6-digit code from your authenticator app first.' });
      return;
    }
    setStatus(null);
    try {
      const answer = await run(code);
      setStatus({ kind: 'saved', text: answer.message });
    } catch (e) {
      setStatus({ kind: 'error', text: messageOf(e) });
    } finally {
      setCode('');
      load();
    }
  };

  const invite = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '');
    const role = String(form.get('role') ?? '');
    void act((c) => inviteStaff({ email, role, code: c }));
  };

  return (
    <section aria-labelledby="ops-staff">
      <h1 id="ops-staff" className={css.heading}>
        Staff
      </h1>
      <CodeField
        label="Code from your authenticator app (asked for each change)"
        name="step-up"
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
      />
      <Status status={status} />
      <form className={css.filters} onSubmit={invite} aria-label="Invite a member of staff">
        <label className={css.field}>
          Email
          <input className={css.input} name="email" type="email" required />
        </label>
        <label className={css.field}>
          Role
          <select className={css.input} name="role" defaultValue="support">
            {STAFF_ROLES.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </label>
        <button className={css.button} type="submit">
          Send invitation
        </button>
      </form>
      {invites.length > 0 && (
        <p className={css.minor}>Invited, not joined yet: {invites.map((i) => `${i.email} (${i.role})`).join(', ')}</p>
      )}
      <ErrorLine text={error} />
      {!error && (
        <DataTable
          label="Staff accounts"
          columns={['Email', 'Role', 'State', { label: 'Actions', hidden: true }]}
          rows={staff}
          rowKey={(s) => s.id}
          cells={(s) => [
            `${s.email}${s.id === myId ? ' (you)' : ''}`,
            <select
              key="role"
              className={css.input}
              aria-label={`Role of ${s.email}`}
              value={s.role}
              onChange={(e) => void act((c) => changeStaffRole(s.id, e.target.value, c))}
            >
              {STAFF_ROLES.map((r) => (
                <option key={r}>{r}</option>
              ))}
            </select>,
            s.disabled ? 'Disabled' : s.enrolled ? 'Active' : 'Enrolling again',
            <span key="acts" className={css.searchRow}>
              <button
                type="button"
                className={s.disabled ? css.button : css.danger}
                onClick={() => void act((c) => setStaffDisabled(s.id, !s.disabled, c))}
              >
                {s.disabled ? `Enable ${s.email}` : `Disable ${s.email}`}
              </button>
              <button type="button" className={css.button} onClick={() => void act((c) => endStaffSessions(s.id, c))}>
                End sessions
              </button>
              <button type="button" className={css.button} onClick={() => void act((c) => resetStaffSecondFactor(s.id, c))}>
                Reset authenticator
              </button>
            </span>,
          ]}
        />
      )}
    </section>
  );
}
