import { PasswordField, PhoneField, TextField } from '../../../../ui/form/Fields.tsx';
import { lockedField, MobileField, noEdit, OptIn, OtpEntry, type StepProps, StepForm, SubmitButton } from './parts.tsx';

/**
 * REGISTER: the identifier typed first stays locked; the other one (mobile or email) and the opt-in come first,
 * then the OTP sent to the mobile with the name and (unless Google vouched for the email) a password.
 */
export function RegisterStep(props: StepProps) {
  const { state, send, busy } = props;
  const c = state.context;
  const byEmail = c.activeInputField === 'email';
  const details =
    state.matches({ REGISTER: 'details' }) || state.matches({ REGISTER: 'validating' }) || state.matches({ REGISTER: 'sending' });
  return (
    <StepForm send={send}>
      {byEmail ? (
        <TextField label="Email" name="email" type="email" value={c.email} {...lockedField(() => send({ type: 'CHANGE' }))} />
      ) : (
        <MobileField state={state} send={send} locked />
      )}
      {details ? (
        <>
          {byEmail ? (
            <MobileField state={state} send={send} />
          ) : (
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              value={c.email}
              onChange={(value) => send({ type: 'EDIT_EMAIL', value })}
            />
          )}
          <OptIn checked={c.optIn} onToggle={() => send({ type: 'TOGGLE_OPT_IN' })} />
          <SubmitButton busy={busy}>Continue</SubmitButton>
        </>
      ) : (
        <>
          {byEmail ? <PhoneField label="Mobile number" name="phone" value={c.phone} disabled onChange={noEdit} /> : null}
          <OtpEntry {...props} label="Enter OTP sent to your mobile" />
          <TextField
            label="Full name"
            name="fullName"
            autoComplete="name"
            maxLength={50}
            value={c.fullName}
            onChange={(value) => send({ type: 'EDIT_NAME', value })}
          />
          {c.googleToken ? null : (
            <PasswordField
              label="Create password"
              name="password"
              autoComplete="new-password"
              value={c.password}
              onChange={(value) => send({ type: 'EDIT_PASSWORD', value })}
            />
          )}
          <OptIn checked={c.optIn} onToggle={() => send({ type: 'TOGGLE_OPT_IN' })} />
          <SubmitButton busy={busy}>Register</SubmitButton>
        </>
      )}
    </StepForm>
  );
}
