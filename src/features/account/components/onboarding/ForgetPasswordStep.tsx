import { PasswordField } from '../../../../ui/form/Fields.tsx';
import * as css from '../login.css.ts';
import { LinkButton, LockedIdentifier, OtpEntry, SendingOtp, type StepProps, StepForm, SubmitButton } from './parts.tsx';

/** FORGET_PASSWORD: the OTP, then the new password. */
export function ForgetPasswordStep(props: StepProps) {
  const { state, send, busy } = props;
  return (
    <StepForm send={send}>
      <LockedIdentifier context={state.context} onChange={() => send({ type: 'CHANGE' })} />
      {state.matches({ FORGET_PASSWORD: 'newPassword' }) ? (
        <>
          <PasswordField
            label="New password"
            name="newPassword"
            autoComplete="new-password"
            value={state.context.newPassword}
            onChange={(value) => send({ type: 'EDIT_NEW_PASSWORD', value })}
          />
          <SubmitButton busy={busy}>Save password</SubmitButton>
        </>
      ) : (
        <>
          {state.matches({ FORGET_PASSWORD: 'sending' }) ? <SendingOtp /> : <OtpEntry {...props} />}
          <SubmitButton busy={busy}>Verify OTP</SubmitButton>
        </>
      )}
      <div className={css.linksRow}>
        <LinkButton onClick={() => send({ type: 'USE_PASSWORD' })}>Back to login</LinkButton>
      </div>
    </StepForm>
  );
}
