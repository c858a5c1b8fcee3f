import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, type ReactNode, useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { CatalogueEvent } from '../../../../events/index.ts';
import { type OnboardingContext, type OnboardingServices, onboardingActors, onboardingMachine } from '../../../../machines/onboarding/index.ts';
import { countdownView, type otpCountdownMachine } from '../../../../machines/otp-countdown.ts';
import { identifierKind } from '../../../../schemas/validation.ts';
import { Alert, CountryCodePicker, FieldFrame, OtpField, PasswordField, PhoneField, TextField } from './Fields.tsx';
import * as fields from './account.css.ts';
import { button } from '../../../ui/theme/global.css.ts';
import * as css from './login.css.ts';

// The login / register card of SPEC §2 (the layout gives the logo; here the email-or-phone field, 'or' divider,
// Google button, forgot-password row and footer), drawn from the onboarding machine's state. Services come in as props so tests inject answers.

export interface OnboardingViewProps {
  services: OnboardingServices;
  /** Called once the machine reaches SIGNED_IN (SPEC §4: reload the session). */
  onSignedIn(context: OnboardingContext): void;
  /** Replaces analytics reporting (tests). */
  report?: (event: CatalogueEvent) => void;
  initial?: Partial<OnboardingContext>;
  /** A Google answer read from the URL when the page loaded. */
  googleReturn?: { idToken: string; email: string } | null;
  /** Reads a Google answer when the URL fragment changes. */
  readGoogleReturn?: (hash: string) => { idToken: string; email: string } | null;
  notice?: string | null;
}

const SUBTITLES: Record<string, string> = {
  MY_ACCOUNT: 'Login or create your account',
  LOGIN: 'Enter your password',
  LOGIN_WITH_OTP: 'Login with OTP',
  REGISTER: 'Create your account',
  FORGET_PASSWORD: 'Reset your password',
  PROFILE_UPDATE: 'Add your mobile number',
  LOGIN_WITH_GOOGLE: 'Continue with Google',
  SIGNED_IN: 'You are signed in',
};

const ERROR_SHOWN_MS = 5000; // SPEC §8: the login error shows for 5 seconds
const NOTICE_SHOWN_MS = 3000;

export function OnboardingView({
  services,
  onSignedIn,
  report,
  initial,
  googleReturn,
  readGoogleReturn,
  notice: pageNotice,
}: OnboardingViewProps) {
  const signedInRef = useRef(onSignedIn);
  signedInRef.current = onSignedIn;
  const machine = useMemo(
    () =>
      onboardingMachine.provide({
        actors: onboardingActors(services),
        actions: {
          signedIn: ({ context }) => signedInRef.current(context),
          ...(report ? { report: (_: unknown, e: CatalogueEvent) => report(e) } : {}),
        },
      }),
    [services, report],
  );
  const actor = useActorRef(machine, { input: initial });
  const state = useSelector(actor, (s) => s);
  const { context: c } = state;
  const send = actor.send;

  // Back from the identity provider (on load, or when the fragment changes in this tab).
  useEffect(() => {
    if (googleReturn) send({ type: 'GOOGLE_TOKEN', ...googleReturn });
  }, [googleReturn, send]);
  useEffect(() => {
    if (!readGoogleReturn) return;
    const onHash = () => {
      const answer = readGoogleReturn(window.location.hash);
      if (!answer) return;
      window.history.replaceState(null, '', window.location.pathname + window.location.search);
      send({ type: 'GOOGLE_TOKEN', ...answer });
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [readGoogleReturn, send]);

  // SPEC §8: messages disappear on their own.
  useEffect(() => {
    if (!c.error && !c.notice) return;
    const timer = setTimeout(() => send({ type: 'DISMISS' }), c.error ? ERROR_SHOWN_MS : NOTICE_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [c.error, c.notice, send]);

  const step = state.matches('SIGNED_IN') ? 'SIGNED_IN' : c.activeStep;
  // States waiting on the server carry the machine's 'busy' tag (machines/onboarding/index.ts).
  const busy = state.hasTag('busy');
  const countdownRef = state.children.countdown as ActorRefFrom<typeof otpCountdownMachine> | undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'SUBMIT' });
  };
  const country = { iso: c.country.selected_country, onChange: (code: string, iso: string) => send({ type: 'SELECT_COUNTRY', code, iso }) };
  const change = () => send({ type: 'CHANGE' });
  const lockedIdentifier = <LockedIdentifier context={c} onChange={change} />;
  // The mobile field of REGISTER and PROFILE_UPDATE, editable or locked with a 'Change' link.
  const mobileEditable = (
    <PhoneField
      label="Mobile number"
      name="phone"
      value={c.phone}
      onChange={(value) => send({ type: 'EDIT_PHONE', value })}
      country={country}
    />
  );
  const mobileLocked = (
    <PhoneField label="Mobile number" name="phone" value={c.phone} disabled onChangeRequest={change} onChange={noEdit} country={country} />
  );
  const sendingOtp = <p className={fields.hint}>Sending OTP…</p>;
  // Every OTP step: the code field, then the SPEC §4 Resend OTP row.
  const otpEntry = (label?: string) => (
    <>
      <OtpField label={label} value={c.otpValue} onChange={(value) => send({ type: 'EDIT_OTP', value })} />
      <ResendRow countdown={countdownRef} onResend={() => send({ type: 'RESEND' })} busy={busy} />
    </>
  );

  return (
    <div className={css.page} data-testid="onboarding" data-step={step} data-state={JSON.stringify(state.value)}>
      <section className={css.card} aria-labelledby="login-title">
        <h1 id="login-title" className={css.title}>
          Login / Register
        </h1>
        <h2 className={css.subtitle}>{SUBTITLES[step]}</h2>
        {pageNotice && step === 'MY_ACCOUNT' && !c.error ? <Alert kind="info">{pageNotice}</Alert> : null}
        <Alert kind="error">{c.error}</Alert>
        {!c.error ? <Alert kind="info">{c.notice}</Alert> : null}

        {state.matches('MY_ACCOUNT') ? (
          <form onSubmit={submit} noValidate>
            <FieldFrame label="Email or mobile number">
              {(id) => (
                <div className={fields.control}>
                  {c.identifier && identifierKind(c.identifier) === 'phone' ? (
                    <CountryCodePicker value={c.country.selected_country} onChange={country.onChange} />
                  ) : null}
                  <input
                    id={id}
                    name="identifier"
                    className={fields.input}
                    type="text"
                    inputMode="email"
                    autoComplete="username"
                    value={c.identifier}
                    onChange={(e) => send({ type: 'EDIT_IDENTIFIER', value: e.target.value })}
                  />
                </div>
              )}
            </FieldFrame>
            {c.blocked ? <Alert kind="error">Your account has been blocked. Please contact customer support.</Alert> : null}
            <SubmitButton busy={busy} disabled={!state.can({ type: 'SUBMIT' })}>
              Continue
            </SubmitButton>
            <GoogleSection onGoogle={() => send({ type: 'GOOGLE' })} />
          </form>
        ) : null}

        {state.matches('LOGIN') ? (
          <form onSubmit={submit} noValidate>
            {lockedIdentifier}
            <PasswordField
              label="Password"
              name="password"
              autoComplete="current-password"
              value={c.password}
              onChange={(value) => send({ type: 'EDIT_PASSWORD', value })}
            />
            <div className={css.linksRow}>
              <LinkButton onClick={() => send({ type: 'FORGOT' })}>Forgot password?</LinkButton>
              <LinkButton onClick={() => send({ type: 'USE_OTP' })}>Login with OTP</LinkButton>
            </div>
            <SubmitButton busy={busy}>Login</SubmitButton>
            <GoogleSection onGoogle={() => send({ type: 'GOOGLE' })} />
          </form>
        ) : null}

        {state.matches('LOGIN_WITH_OTP') ? (
          <form onSubmit={submit} noValidate>
            {lockedIdentifier}
            {state.matches({ LOGIN_WITH_OTP: 'sending' }) ? sendingOtp : otpEntry()}
            <SubmitButton busy={busy}>Verify OTP</SubmitButton>
            <div className={css.linksRow}>
              <LinkButton onClick={() => send({ type: 'USE_PASSWORD' })}>Login with password</LinkButton>
            </div>
          </form>
        ) : null}

        {state.matches('REGISTER') ? (
          <form onSubmit={submit} noValidate>
            {c.activeInputField === 'email' ? (
              <TextField label="Email" name="email" type="email" value={c.email} disabled onChangeRequest={change} onChange={noEdit} />
            ) : (
              mobileLocked
            )}
            {state.matches({ REGISTER: 'details' }) ||
            state.matches({ REGISTER: 'validating' }) ||
            state.matches({ REGISTER: 'sending' }) ? (
              <>
                {c.activeInputField === 'email' ? (
                  mobileEditable
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
                {c.activeInputField === 'email' ? (
                  <PhoneField label="Mobile number" name="phone" value={c.phone} disabled onChange={noEdit} />
                ) : null}
                {otpEntry('Enter OTP sent to your mobile')}
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
          </form>
        ) : null}

        {state.matches('FORGET_PASSWORD') ? (
          <form onSubmit={submit} noValidate>
            {lockedIdentifier}
            {state.matches({ FORGET_PASSWORD: 'newPassword' }) ? (
              <>
                <PasswordField
                  label="New password"
                  name="newPassword"
                  autoComplete="new-password"
                  value={c.newPassword}
                  onChange={(value) => send({ type: 'EDIT_NEW_PASSWORD', value })}
                />
                <SubmitButton busy={busy}>Save password</SubmitButton>
              </>
            ) : (
              <>
                {state.matches({ FORGET_PASSWORD: 'sending' }) ? sendingOtp : otpEntry()}
                <SubmitButton busy={busy}>Verify OTP</SubmitButton>
              </>
            )}
            <div className={css.linksRow}>
              <LinkButton onClick={() => send({ type: 'USE_PASSWORD' })}>Back to login</LinkButton>
            </div>
          </form>
        ) : null}

        {state.matches('PROFILE_UPDATE') ? (
          <form onSubmit={submit} noValidate>
            {state.matches({ PROFILE_UPDATE: 'mobile' }) || state.matches({ PROFILE_UPDATE: 'sending' }) ? (
              <>
                <p className={fields.hint}>Please add your mobile number to continue.</p>
                {mobileEditable}
                <SubmitButton busy={busy}>Send OTP</SubmitButton>
              </>
            ) : (
              <>
                {mobileLocked}
                {otpEntry()}
                <SubmitButton busy={busy}>Verify OTP</SubmitButton>
              </>
            )}
          </form>
        ) : null}

        {state.matches('LOGIN_WITH_GOOGLE') ? (
          <div>
            <p role="status">
              {state.matches({ LOGIN_WITH_GOOGLE: 'verifying' }) ? 'Signing you in with Google…' : 'Taking you to Google…'}
            </p>
            <LinkButton onClick={change}>Use email or mobile instead</LinkButton>
          </div>
        ) : null}

        {state.matches('SIGNED_IN') ? <p role="status">You are signed in. Taking you back…</p> : null}

        <footer className={css.footer}>
          <Link to="/about">About us</Link>
          <Link to="/help-center">Help centre</Link>
          <Link to="/help-center/contact-us">Contact us</Link>
          <Link to="/offers-coupons">Offers</Link>
        </footer>
      </section>
    </div>
  );
}

// A locked field ignores typing; the machine holds its value.
const noEdit = () => {};

function LinkButton({ onClick, disabled, children }: { onClick(): void; disabled?: boolean; children: ReactNode }) {
  return (
    <button type="button" className={fields.linkButton} disabled={disabled} onClick={onClick}>
      {children}
    </button>
  );
}

function SubmitButton({ busy, disabled, children }: { busy: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <button type="submit" className={`${button} ${css.submit}`} disabled={busy || disabled} aria-busy={busy}>
      {busy ? 'Please wait…' : children}
    </button>
  );
}

function GoogleSection({ onGoogle }: { onGoogle(): void }) {
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

function LockedIdentifier({ context: c, onChange }: { context: OnboardingContext; onChange(): void }) {
  return c.activeInputField === 'phone' ? (
    <PhoneField label="Mobile number" name="identifier" value={c.identifier} disabled onChangeRequest={onChange} onChange={noEdit} />
  ) : (
    <TextField label="Email" name="identifier" type="email" value={c.identifier} disabled onChangeRequest={onChange} onChange={noEdit} />
  );
}

function OptIn({ checked, onToggle }: { checked: boolean; onToggle(): void }) {
  return (
    <label className={fields.checkbox}>
      <input type="checkbox" name="optIn" checked={checked} onChange={onToggle} />
      <span>Send me offers and order updates on SMS, WhatsApp and email</span>
    </label>
  );
}

/** SPEC §4: Resend OTP after 15 s; "Maximum attempts reached" disables it and shows for 3 s. */
function ResendRow({
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
