import { type FormEvent, type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { emit } from '../../../../events/index.ts';
import type { ProfileValues } from '../../../../schemas/account.ts';
import {
  firstError,
  FullNameSchema,
  isValidEmail,
  keepAllowedCharacters,
  MESSAGES,
  PasswordSchema,
  ProfileMobileSchema,
} from '../../../../schemas/validation.ts';
import { usePageMeta } from '../../../ui/meta.tsx';
import { accountApi } from '../api.ts';
import { forgetRememberedUser, rememberUser } from '../remembered.ts';
import * as css from '../components/account.css.ts';
import { Alert, EmailField, PasswordField, PhoneField, TextField } from '../../../ui/form/Fields.tsx';
import { ConfirmOwner, needsOwnerProof } from '../components/ConfirmOwner.tsx';
import { FormActions } from '../components/FormActions.tsx';
import { OtpStep } from '../components/OtpStep.tsx';
import { ConsentsSection } from '../components/ConsentsSection.tsx';
import { useOtpSend } from '../hooks/useOtpSend.ts';
import { useResource } from '../../../api/page-resource.ts';
import { messageOf } from '../../../api/resource.ts';
import { useToast } from '../../../ui/Toast.tsx';
import { button, buttonSecondary } from '../../../ui/theme/global.css.ts';

type Editing = null | 'mobile' | 'email' | 'password' | 'delete';

/** /account/profile: name, mobile and email (changed by OTP), email verification, password, account deletion. */
export default function ProfilePage() {
  usePageMeta(null);
  const profile = useResource(() => accountApi.profile().then((r) => r.data));
  const [editing, setEditing] = useState<Editing>(null);
  const toast = useToast();
  const done = (values: ProfileValues, message: string) => {
    profile.set(values);
    // SPEC §4: a profile, mobile or email change with status 1 updates the remembered username, mobile, email.
    rememberUser({ username: values.full_name, mobile: values.mobile, email: values.email });
    setEditing(null);
    toast.show(message, 'success');
  };

  if (profile.loading && !profile.data) return <p role="status">Loading your profile…</p>;
  if (!profile.data) return <Alert kind="error">{profile.error}</Alert>;
  const p = profile.data;

  return (
    <article>
      <h1>My Profile</h1>
      <NameSection profile={p} onSaved={done} />
      <ConsentsSection />

      <section className={css.panel} aria-labelledby="mobile-title">
        <h2 id="mobile-title">Mobile number</h2>
        {editing === 'mobile' ? (
          <ChangeMobile hasPassword={p.has_password} onDone={done} onCancel={() => setEditing(null)} />
        ) : (
          <div className={css.row}>
            <span>{p.mobile ? `${p.c_code} ${p.mobile}` : 'No mobile number yet'}</span>
            <button type="button" className={css.linkButton} onClick={() => setEditing('mobile')}>
              Change mobile
            </button>
          </div>
        )}
      </section>

      <section className={css.panel} aria-labelledby="email-title">
        <h2 id="email-title">Email</h2>
        {editing === 'email' ? (
          <ChangeEmail hasPassword={p.has_password} onDone={done} onCancel={() => setEditing(null)} />
        ) : (
          <>
            <div className={css.row}>
              <span>{p.email ?? 'No email yet'}</span>
              {p.email ? <span className={css.hint}>{p.email_verified ? 'Verified' : 'Not verified'}</span> : null}
              <button type="button" className={css.linkButton} onClick={() => setEditing('email')}>
                Change email
              </button>
            </div>
            {p.email && !p.email_verified ? <VerifyEmail /> : null}
          </>
        )}
      </section>

      <section className={css.panel} aria-labelledby="password-title">
        <h2 id="password-title">Password</h2>
        {editing === 'password' ? (
          <ChangePassword onDone={done} onCancel={() => setEditing(null)} />
        ) : (
          <button type="button" className={css.linkButton} onClick={() => setEditing('password')}>
            {p.has_password ? 'Change password' : 'Create a password'}
          </button>
        )}
      </section>

      <section className={css.panel} aria-labelledby="delete-title">
        <h2 id="delete-title">Delete account</h2>
        {editing === 'delete' ? (
          <DeleteAccount onCancel={() => setEditing(null)} />
        ) : (
          <>
            <p className={css.hint}>Your orders stay with us for legal reasons; your profile, addresses and sign-in details are removed.</p>
            <button type="button" className={buttonSecondary} onClick={() => setEditing('delete')}>
              Delete my account
            </button>
          </>
        )}
      </section>
    </article>
  );
}

function NameSection({ profile, onSaved }: { profile: ProfileValues; onSaved(values: ProfileValues, message: string): void }) {
  const [name, setName] = useState(profile.full_name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = firstError(FullNameSchema, name.trim());
    if (problem) return setError(problem);
    setBusy(true);
    try {
      const res = await accountApi.saveProfile(name.trim());
      setError(null);
      onSaved(res.data, res.message);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={css.panel} aria-labelledby="details-title">
      <h2 id="details-title">Personal details</h2>
      <form onSubmit={onSubmit} noValidate>
        <TextField label="Full name" name="fullName" autoComplete="name" maxLength={50} value={name} onChange={setName} error={error} />
        <button type="submit" className={button} disabled={busy} aria-busy={busy}>
          Save
        </button>
      </form>
    </section>
  );
}

function ChangeMobile({ hasPassword, onDone, onCancel }: ChangeProps) {
  const [mobile, setMobile] = useState('');
  const [country, setCountry] = useState({ code: '+91', iso: 'IN' });
  return (
    <ChangeByOtp
      check={() => firstError(ProfileMobileSchema, mobile)}
      sendOtp={() => accountApi.mobileOtp(mobile, country.code)}
      update={(otp) => accountApi.updateMobile(mobile, country.code, otp)}
      hasPassword={hasPassword}
      onDone={onDone}
      onCancel={onCancel}
    >
      {(error) => (
        <PhoneField
          label="New mobile number"
          name="newMobile"
          value={mobile}
          onChange={setMobile}
          error={error}
          country={{ iso: country.iso, onChange: (code, iso) => setCountry({ code, iso }) }}
        />
      )}
    </ChangeByOtp>
  );
}

function ChangeEmail({ hasPassword, onDone, onCancel }: ChangeProps) {
  const [email, setEmail] = useState('');
  return (
    <ChangeByOtp
      check={() => (isValidEmail(email) ? null : MESSAGES.email)}
      sendOtp={() => accountApi.emailOtp(email)}
      update={(otp) => accountApi.updateEmail(email, otp)}
      hasPassword={hasPassword}
      onDone={onDone}
      onCancel={onCancel}
    >
      {(error) => <EmailField label="New email" name="newEmail" value={email} onChange={setEmail} error={error} />}
    </ChangeByOtp>
  );
}

interface ChangeProps {
  hasPassword: boolean;
  onDone(values: ProfileValues, message: string): void;
  onCancel(): void;
}

/**
 * A new mobile or email: checked, sent an OTP, then verified and saved; the field itself comes from the caller.
 * When the server asks for the owner's proof first, the proof form comes in between and the send is retried.
 */
function ChangeByOtp({
  check,
  sendOtp,
  update,
  hasPassword,
  onDone,
  onCancel,
  children,
}: {
  hasPassword: boolean;
  check(): string | null;
  sendOtp(): Promise<{ data: { sent_to: string } }>;
  update(otp: string): Promise<{ data: ProfileValues; message: string }>;
  onDone(values: ProfileValues, message: string): void;
  onCancel(): void;
  children(error: string | null): ReactNode;
}) {
  const otp = useOtpSend(sendOtp);
  const onSend = async (e?: FormEvent) => {
    e?.preventDefault();
    const problem = check();
    if (problem) return otp.setError(problem);
    await otp.send();
  };
  if (needsOwnerProof(otp.error))
    return (
      <ConfirmOwner
        hasPassword={hasPassword}
        onCancel={onCancel}
        onConfirmed={() => {
          otp.setError(null);
          void onSend();
        }}
      />
    );
  if (otp.sentTo)
    return (
      <OtpStep
        sentTo={otp.sentTo}
        submitLabel="Verify and update"
        onCancel={onCancel}
        resend={sendOtp}
        verify={async (code) => {
          const res = await update(code);
          onDone(res.data, res.message);
        }}
      />
    );
  return (
    <form onSubmit={onSend} noValidate>
      {children(otp.error)}
      <FormActions label="Send OTP" onCancel={onCancel} />
    </form>
  );
}

function VerifyEmail() {
  const [state, setState] = useState<'idle' | 'sent'>('idle');
  const [message, setMessage] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);
  const run = async (call: () => Promise<{ message: string }>, next: 'idle' | 'sent') => {
    try {
      const res = await call();
      setMessage({ kind: 'info', text: res.message });
      setState(next);
    } catch (err) {
      setMessage({ kind: 'error', text: messageOf(err) });
    }
  };
  return (
    <div style={{ marginTop: 12 }}>
      {message ? <Alert kind={message.kind}>{message.text}</Alert> : null}
      {state === 'idle' ? (
        <button type="button" className={buttonSecondary} onClick={() => run(accountApi.sendEmailVerification, 'sent')}>
          Verify email
        </button>
      ) : (
        <button type="button" className={css.linkButton} onClick={() => run(accountApi.cancelEmailVerification, 'idle')}>
          Cancel verification
        </button>
      )}
    </div>
  );
}

function ChangePassword({ onDone, onCancel }: { onDone(values: ProfileValues, message: string): void; onCancel(): void }) {
  const { sentTo, error, send } = useOtpSend(accountApi.passwordOtp);
  const [password, setPassword] = useState('');
  if (!sentTo)
    return (
      <>
        <Alert kind="error">{error}</Alert>
        <p className={css.hint}>We will send an OTP to your mobile number to confirm it is you.</p>
        <FormActions label="Send OTP" onClick={send} onCancel={onCancel} />
      </>
    );
  return (
    <OtpStep
      sentTo={sentTo}
      submitLabel="Update password"
      onCancel={onCancel}
      resend={accountApi.passwordOtp}
      validateExtra={() => firstError(PasswordSchema, password)}
      verify={async (otp) => {
        const res = await accountApi.updatePassword(otp, password);
        onDone(res.data, res.message);
      }}
    >
      <PasswordField label="New password" name="newPassword" autoComplete="new-password" value={password} onChange={setPassword} />
    </OtpStep>
  );
}

function DeleteAccount({ onCancel }: { onCancel(): void }) {
  const status = useResource(() => accountApi.deletionStatus().then((r) => r.data));
  const { sentTo, error, send } = useOtpSend(accountApi.deleteOtp);
  const [reason, setReason] = useState('');
  const navigate = useNavigate();
  const toast = useToast();
  if (status.loading && !status.data) return <p role="status">Checking your account…</p>;
  if (status.data?.deletion_requested)
    return <p>Your account is already scheduled for deletion on {status.data.deletion_scheduled_for}.</p>;
  if (!sentTo)
    return (
      <>
        <Alert kind="error">{error ?? status.error}</Alert>
        <p>
          Your account will be deleted {status.data?.grace_days ?? 30} days after you confirm. Until then you can sign in and cancel the
          deletion.
        </p>
        <TextField
          label="Why are you leaving? (optional)"
          name="reason"
          value={reason}
          maxLength={500}
          multiline
          onChange={(v) => setReason(keepAllowedCharacters('textarea', v))}
        />
        <FormActions label="Send OTP to confirm" onClick={send} cancelLabel="Keep my account" onCancel={onCancel} />
      </>
    );
  return (
    <OtpStep
      sentTo={sentTo}
      submitLabel="Delete my account"
      onCancel={onCancel}
      resend={accountApi.deleteOtp}
      verify={async (otp) => {
        const res = await accountApi.deleteProfile(otp, reason.trim());
        forgetRememberedUser();
        emit({ name: 'user_logout' });
        toast.show(res.message, 'success', 5000);
        // The route change re-fetches the (now empty) session; refreshing here instead would race the
        // navigation and the private route would bounce the shopper to /my-account.
        navigate('/', { replace: true });
      }}
    />
  );
}
