import * as fields from '../account.css.ts';
import { MobileField, OtpEntry, type StepProps, StepForm, SubmitButton } from './parts.tsx';

/** PROFILE_UPDATE: an account without a mobile adds one, verified by OTP. */
export function ProfileUpdateStep(props: StepProps) {
  const { state, send, busy } = props;
  const entering = state.matches({ PROFILE_UPDATE: 'mobile' }) || state.matches({ PROFILE_UPDATE: 'sending' });
  return (
    <StepForm send={send}>
      {entering ? (
        <>
          <p className={fields.hint}>Please add your mobile number to continue.</p>
          <MobileField state={state} send={send} />
          <SubmitButton busy={busy}>Send OTP</SubmitButton>
        </>
      ) : (
        <>
          <MobileField state={state} send={send} locked />
          <OtpEntry {...props} />
          <SubmitButton busy={busy}>Verify OTP</SubmitButton>
        </>
      )}
    </StepForm>
  );
}
