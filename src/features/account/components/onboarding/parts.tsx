import { useSelector } from '@xstate/react';
import { MARKETING_CONSENT_TEXT } from '../../../../../schemas/consent-rules.ts';
import type { ReactNode } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { OnboardingContext, onboardingMachine } from '../../../../../machines/onboarding/index.ts';
import { countdownView, type otpCountdownMachine } from '../../../../../machines/otp-countdown.ts';
import { button } from '../../../../ui/theme/global.css.ts';
import { OtpField, PhoneField, TextField } from '../../../../ui/form/Fields.tsx';
import * as fields from '../account.css.ts';
import * as css from '../login.css.ts';

// The pieces every onboarding step draws with: the machine's snapshot and send, buttons, the locked identifier,
// the mobile field, the OTP entry with its SPEC §4 resend row.

/** What each step component receives from OnboardingView. */
export interface StepProps {
  state: SnapshotFrom<typeof onboardingMachine>;
  send: ActorRefFrom<typeof onboardingMachine>['send'];
  /** States waiting on the server carry the machine's 'busy' tag (machines/onboarding/index.ts). */
  busy: boolean;
}

// A locked field ignores typing; the machine holds its value.
export const noEdit = () => {};
/** A field shown but not edited in this step; its 'Change' link leads back to where it is changed. */
export const lockedField = (onChange: () => void) => ({ disabled: true, onChangeRequest: onChange, onChange: noEdit });

export function LinkButton({ onClick, disabled, children }: { onClick(): void; disabled?: boolean; children: ReactNode }) {
  return (
    <button type="button" className={fields.linkButton} disabled={disabled} onClick={onClick}>
      {children}
    </button>
  );
}

export function SubmitButton({ busy, disabled, children }: { busy: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <button type="submit" className={`${button} ${css.submit}`} disabled={busy || disabled} aria-busy={busy}>
      {busy ? 'Please wait…' : children}
    </button>
  );
}

export function GoogleSection({ onGoogle }: { onGoogle(): void }) {
  return (
    <>
      <div className={css.divider}>or</div>
      <button type="button" className={css.google} onClick={onGoogle}>
        <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
          <path
            fill="#EA4335"
            d="M24 9.5c3.5 0 6.6 1.2 9 3.6l6.7-6.7C35.6 2.5 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.8 6C12.4 13.7 17.7 9.5 24 9.5z"
          />
          <path fill="#4285F4" d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.7c4.3-4 6.9-9.9 6.9-17.1z" />
          <path fill="#FBBC05" d="M10.5 28.7c-.5-1.4-.8-3-.8-4.7s.3-3.2.8-4.7l-7.8-6C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.8-6z" />
          <path
            fill="#34A853"
            d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.7c-2.1 1.4-4.8 2.3-8.5 2.3-6.3 0-11.6-4.2-13.5-9.9l-7.8 6C6.6 42.6 14.6 48 24 48z"
          />
        </svg>
        Continue with Google
      </button>
    </>
  );
}

export function LockedIdentifier({ context: c, onChange }: { context: OnboardingContext; onChange(): void }) {
  return c.activeInputField === 'phone' ? (
    <PhoneField label="Mobile number" name="identifier" value={c.identifier} {...lockedField(onChange)} />
  ) : (
    <TextField label="Email" name="identifier" type="email" value={c.identifier} {...lockedField(onChange)} />
  );
}

/** SPEC §4.8: unticked until the shopper ticks it (the form state starts with optIn false). */
export function OptIn({ checked, onToggle }: { checked: boolean; onToggle(): void }) {
  return (
    <label className={fields.checkbox}>
      <input type="checkbox" name="optIn" checked={checked} onChange={onToggle} />
      <span>{MARKETING_CONSENT_TEXT}</span>
    </label>
  );
}

/** SPEC §4: Resend OTP after 15 s; "Maximum attempts reached" disables it and shows for 3 s. */
export function ResendRow({
  countdown,
  onResend,
  busy,
}: {
  countdown: ActorRefFrom<typeof otpCountdownMachine> | undefined;
  onResend(): void;
  busy: boolean;
}) {
  const snapshot = useSelector(countdown ?? NO_COUNTDOWN, (s) => s);
  const view = countdownView(countdown ? snapshot : undefined);
  const blocked = countdown ? snapshot.hasTag('blocked') : false;
  return (
    <div className={css.resendRow}>
      <span aria-live="polite">
        {view.message ??
          (blocked ? 'Resend OTP is not available' : view.canResend ? "Didn't get the OTP?" : `Resend OTP in ${view.remaining}s`)}
      </span>
      <LinkButton disabled={!view.canResend || busy} onClick={onResend}>
        Resend OTP
      </LinkButton>
    </div>
  );
}

// useSelector needs an actor; this stands in while no countdown runs.
const NO_COUNTDOWN = {
  getSnapshot: () => ({ value: 'none', context: { remaining: 15, message: null } }),
  subscribe: () => ({ unsubscribe: () => {} }),
} as unknown as ActorRefFrom<typeof otpCountdownMachine>;

/** The country picker of a phone field, bound to the machine. */
function countryOf({ state, send }: Pick<StepProps, 'state' | 'send'>) {
  return {
    iso: state.context.country.selected_country,
    onChange: (code: string, iso: string) => send({ type: 'SELECT_COUNTRY', code, iso }),
  };
}

/** The mobile field of REGISTER and PROFILE_UPDATE, editable or locked with a 'Change' link. */
export function MobileField({ state, send, locked }: Pick<StepProps, 'state' | 'send'> & { locked?: boolean }) {
  const c = state.context;
  return locked ? (
    <PhoneField
      label="Mobile number"
      name="phone"
      value={c.phone}
      {...lockedField(() => send({ type: 'CHANGE' }))}
      country={countryOf({ state, send })}
    />
  ) : (
    <PhoneField
      label="Mobile number"
      name="phone"
      value={c.phone}
      onChange={(value) => send({ type: 'EDIT_PHONE', value })}
      country={countryOf({ state, send })}
    />
  );
}

export { countryOf };

export const SendingOtp = () => <p className={fields.hint}>Sending OTP…</p>;

/** Every OTP step: the code field, then the SPEC §4 Resend OTP row. */
export function OtpEntry({ state, send, busy, label }: StepProps & { label?: string }) {
  const countdown = state.children.countdown as ActorRefFrom<typeof otpCountdownMachine> | undefined;
  return (
    <>
      <OtpField label={label} value={state.context.otpValue} onChange={(value) => send({ type: 'EDIT_OTP', value })} />
      <ResendRow countdown={countdown} onResend={() => send({ type: 'RESEND' })} busy={busy} />
    </>
  );
}

export type { OnboardingContext };

/** A step's form: Enter or the submit button sends SUBMIT; the machine validates (SPEC §5 messages). */
export function StepForm({ send, children }: Pick<StepProps, 'send'> & { children: ReactNode }) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'SUBMIT' });
      }}
      noValidate
    >
      {children}
    </form>
  );
}
