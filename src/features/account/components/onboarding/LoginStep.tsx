import { PasswordField } from '../../../../ui/form/Fields.tsx';
import * as css from '../login.css.ts';
import { GoogleSection, LinkButton, LockedIdentifier, type StepProps, StepForm, SubmitButton } from './parts.tsx';

/** LOGIN: the password of a known account, with the ways out (forgot password, OTP, Google). */
export function LoginStep({ state, send, busy }: StepProps) {
  return (
    <StepForm send={send}>
      <LockedIdentifier context={state.context} onChange={() => send({ type: 'CHANGE' })} />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={state.context.password}
        onChange={(value) => send({ type: 'EDIT_PASSWORD', value })}
      />
      <div className={css.linksRow}>
        <LinkButton onClick={() => send({ type: 'FORGOT' })}>Forgot password?</LinkButton>
        <LinkButton onClick={() => send({ type: 'USE_OTP' })}>Login with OTP</LinkButton>
      </div>
      <SubmitButton busy={busy}>Login</SubmitButton>
      <GoogleSection onGoogle={() => send({ type: 'GOOGLE' })} />
    </StepForm>
  );
}
