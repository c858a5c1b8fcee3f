import * as css from '../login.css.ts';
import { LinkButton, LockedIdentifier, OtpEntry, SendingOtp, type StepProps, StepForm, SubmitButton } from './parts.tsx';

/** LOGIN_WITH_OTP: the code sent to the stored email or mobile. */
export function LoginWithOtpStep(props: StepProps) {
  const { state, send, busy } = props;
  return (
    <StepForm send={send}>
      <LockedIdentifier context={state.context} onChange={() => send({ type: 'CHANGE' })} />
      {state.matches({ LOGIN_WITH_OTP: 'sending' }) ? <SendingOtp /> : <OtpEntry {...props} />}
      <SubmitButton busy={busy}>Verify OTP</SubmitButton>
      <div className={css.linksRow}>
        <LinkButton onClick={() => send({ type: 'USE_PASSWORD' })}>Login with password</LinkButton>
      </div>
    </StepForm>
  );
}
