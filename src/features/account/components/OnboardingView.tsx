import { useActorRef, useSelector } from '@xstate/react';
import { type ComponentType, useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import type { CatalogueEvent } from '../../../../events/index.ts';
import {
  type OnboardingContext,
  type OnboardingServices,
  onboardingActors,
  onboardingMachine,
} from '../../../../machines/onboarding/index.ts';
import { Alert } from '../../../ui/form/Fields.tsx';
import * as css from './login.css.ts';
import { ForgetPasswordStep } from './onboarding/ForgetPasswordStep.tsx';
import { GoogleStep } from './onboarding/GoogleStep.tsx';
import { LoginStep } from './onboarding/LoginStep.tsx';
import { LoginWithOtpStep } from './onboarding/LoginWithOtpStep.tsx';
import { MyAccountStep } from './onboarding/MyAccountStep.tsx';
import { ProfileUpdateStep } from './onboarding/ProfileUpdateStep.tsx';
import { RegisterStep } from './onboarding/RegisterStep.tsx';
import type { StepProps } from './onboarding/parts.tsx';

// The login / register card of SPEC §2 (the layout gives the logo; here the email-or-phone field, 'or' divider,
// Google button, forgot-password row and footer), drawn from the onboarding machine's state: the card and the
// machine's wiring here, each step in its own component (./onboarding/). Services come in as props so tests inject answers.

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
  const props = { state, send, busy: state.hasTag('busy') };
  const Step = STEPS.find(([name]) => state.matches(name))?.[1];

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

        {Step ? <Step {...props} /> : null}
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

/** One component per step of the machine (components/onboarding/). */
const STEPS: ReadonlyArray<readonly [Parameters<SnapshotFrom<typeof onboardingMachine>['matches']>[0], ComponentType<StepProps>]> = [
  ['MY_ACCOUNT', MyAccountStep],
  ['LOGIN', LoginStep],
  ['LOGIN_WITH_OTP', LoginWithOtpStep],
  ['REGISTER', RegisterStep],
  ['FORGET_PASSWORD', ForgetPasswordStep],
  ['PROFILE_UPDATE', ProfileUpdateStep],
  ['LOGIN_WITH_GOOGLE', GoogleStep],
];
