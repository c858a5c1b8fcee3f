import { type FormEvent, useState } from 'react';
import { OWNER_PROOF_REQUIRED } from '../../../../schemas/constants.ts';
import { accountApi } from '../api.ts';
import { useOtpSend } from '../hooks/useOtpSend.ts';
import { messageOf } from '../../../api/resource.ts';
import * as css from './account.css.ts';
import { Alert, PasswordField } from '../../../ui/form/Fields.tsx';
import { FormActions } from './FormActions.tsx';
import { OtpStep } from './OtpStep.tsx';

// Before a change of email, mobile or the refund bank account the server asks for the owner's proof (README
// "Security"): the password, or a code sent to the account's verified contact. This form gives it, then the
// caller retries the change.

/** Whether a failed call asked for the owner's proof. */
export const needsOwnerProof = (message: string | null): boolean => message === OWNER_PROOF_REQUIRED;

export function ConfirmOwner({ hasPassword, onConfirmed, onCancel }: { hasPassword: boolean; onConfirmed(): void; onCancel(): void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const code = useOtpSend(accountApi.ownerOtp);
  if (code.sentTo)
    return (
      <OtpStep
        sentTo={code.sentTo}
        submitLabel="Confirm"
        onCancel={onCancel}
        resend={accountApi.ownerOtp}
        verify={async (otp) => {
          await accountApi.confirmOwner({ otp });
          onConfirmed();
        }}
      />
    );
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await accountApi.confirmOwner({ password });
      onConfirmed();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Confirm it is you">
      <p className={css.hint}>{OWNER_PROOF_REQUIRED}</p>
      <Alert kind="error">{error ?? code.error}</Alert>
      {hasPassword ? (
        <>
          <PasswordField label="Your password" autoComplete="current-password" value={password} onChange={setPassword} />
          <FormActions label="Confirm" busy={busy} onCancel={onCancel} />
        </>
      ) : null}
      <button type="button" className={css.linkButton} onClick={code.send}>
        Send me an OTP instead
      </button>
    </form>
  );
}
