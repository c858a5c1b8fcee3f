import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { countdownView, isMaxAttemptsMessage, otpCountdownMachine } from '../../../../machines/otp-countdown.ts';
import { firstError, ProfileOtpSchema } from '../../../../schemas/validation.ts';
import * as css from './account.css.ts';
import { Alert, OtpField } from '../../../ui/form/Fields.tsx';
import { FormActions } from './FormActions.tsx';
import { messageOf } from '../../../api/resource.ts';

// The OTP half of an account change (mobile, email, password, deletion): enter the code the server sent, with
// the SPEC §4 Resend OTP countdown and the profile-step OTP messages of SPEC §5.

interface OtpStepProps {
  sentTo: string;
  /** Sends the code again; resolves when sent. */
  resend(): Promise<unknown>;
  /** Verifies the code; rejects with the server's message. */
  verify(otp: string): Promise<unknown>;
  submitLabel: string;
  onCancel(): void;
  /** Extra fields shown above the submit button (e.g. the new password). */
  children?: ReactNode;
  /** Checked before the code is sent for verification; a message blocks it. */
  validateExtra?: () => string | null;
}

export function OtpStep({ sentTo, resend, verify, submitLabel, onCancel, children, validateExtra }: OtpStepProps) {
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const countdown = useActorRef(otpCountdownMachine, { input: {} });
  const view = countdownView(useSelector(countdown, (s) => s));

  const fail = (e: unknown) => {
    const message = messageOf(e);
    setError(message);
    if (isMaxAttemptsMessage(message)) countdown.send({ type: 'MAX_ATTEMPTS', message });
  };
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = firstError(ProfileOtpSchema, otp) ?? validateExtra?.() ?? null;
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      await verify(otp);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };
  const onResend = async () => {
    setBusy(true);
    try {
      await resend();
      setOtp('');
      setError(null);
      countdown.send({ type: 'RESEND' });
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <p className={css.hint}>We have sent an OTP to {sentTo}.</p>
      <OtpField value={otp} onChange={setOtp} />
      <div className={css.row} style={{ justifyContent: 'space-between', marginBottom: 16 }}>
        <span aria-live="polite" className={css.hint}>
          {view.message ??
            (view.canResend
              ? "Didn't get the OTP?"
              : view.remaining > 0
                ? `Resend OTP in ${view.remaining}s`
                : 'Resend OTP is not available')}
        </span>
        <button type="button" className={css.linkButton} disabled={!view.canResend || busy} onClick={onResend}>
          Resend OTP
        </button>
      </div>
      {children}
      <Alert kind="error">{error}</Alert>
      <FormActions label={submitLabel} busy={busy} onCancel={onCancel} />
    </form>
  );
}
