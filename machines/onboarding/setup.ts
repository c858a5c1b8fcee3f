// Shared by every sub-flow: the named actors, guards and actions (setup), the message helpers and the OTP sub-flow.
import { assign, type DoneActorEvent, fromPromise, sendTo, setup } from 'xstate';
import { type CatalogueEvent, emit } from '../../events/index.ts';
import type { AuthResponse, OtpSentResponse, OtpType } from '../../schemas/account.ts';
import { messageOf } from '../../schemas/constants.ts';
import {
  firstError,
  FullNameSchema,
  isValidEmail,
  isValidMobile,
  MESSAGES,
  normaliseOtpInput,
  OtpSchema,
  PasswordSchema,
  ProfileOtpSchema,
  stripSpaces,
} from '../../schemas/validation.ts';
import { isMaxAttemptsMessage, otpCountdownMachine } from '../otp-countdown.ts';
import {
  type IdentifierType,
  type LoginMethod,
  type OnboardingContext,
  type OnboardingEvent,
  type OnboardingServices,
  OTP_NOTICES,
  type ServiceInputs,
  type Step,
} from './types.ts';

export const missing = (name: string) => () => Promise.reject(new Error(`onboarding service ${name} was not provided`));

/** Actor implementations for `machine.provide({ actors })` from plain async functions. */
export function onboardingActors(services: OnboardingServices) {
  return {
    checkExists: fromPromise<AuthResponse, ServiceInputs['checkExists']>(({ input }) => services.checkExists(input)),
    checkMobile: fromPromise<AuthResponse, ServiceInputs['checkExists']>(({ input }) => services.checkExists(input)),
    validateUser: fromPromise<AuthResponse, ServiceInputs['validateUser']>(({ input }) => services.validateUser(input)),
    sendOtp: fromPromise<OtpSentResponse, ServiceInputs['sendOtp']>(({ input }) => services.sendOtp(input)),
    verifyOtp: fromPromise<AuthResponse, ServiceInputs['verifyOtp']>(({ input }) => services.verifyOtp(input)),
    loginWithPassword: fromPromise<AuthResponse, ServiceInputs['loginWithPassword']>(({ input }) => services.loginWithPassword(input)),
    loginWithOtp: fromPromise<AuthResponse, ServiceInputs['loginWithOtp']>(({ input }) => services.loginWithOtp(input)),
    startGoogle: fromPromise<void, ServiceInputs['startGoogle']>(({ input }) => services.startGoogle(input)),
    loginWithGoogle: fromPromise<AuthResponse, ServiceInputs['loginWithGoogle']>(({ input }) => services.loginWithGoogle(input)),
    register: fromPromise<AuthResponse, ServiceInputs['register']>(({ input }) => services.register(input)),
    resetPassword: fromPromise<AuthResponse, ServiceInputs['resetPassword']>(({ input }) => services.resetPassword(input)),
  };
}

// ---------- helpers ----------

export const errorOf = ({ event }: { event: unknown }) => messageOf((event as { error?: unknown }).error);
export const outputOf = (event: unknown): AuthResponse => (event as DoneActorEvent<AuthResponse>).output;
export const identifierTypeOf = (c: OnboardingContext): IdentifierType => c.activeInputField;
export const signedInUser = (event: unknown) => outputOf(event)?.data?.user ?? null;

export const initialOnboardingContext = (over: Partial<OnboardingContext> = {}): OnboardingContext => ({
  activeStep: 'MY_ACCOUNT',
  activeInputField: 'email',
  email: '',
  phone: '',
  password: '',
  otpValue: '',
  // SPEC §4.8: consent is a tick the shopper makes; the box starts unticked.
  optIn: false,
  fullName: '',
  country: { selected_code: '+91', selected_country: 'IN' },
  newPassword: '',
  reload: false,
  identifier: '',
  blocked: false,
  error: null,
  notice: null,
  maxAttempts: null,
  googleToken: null,
  emailFetchedFromGoogle: false,
  user: null,
  deletionRequestedAt: null,
  method: null,
  registered: false,
  referrer: null,
  ...over,
});

export const sentNotice = (type: OtpType, identifier: string): string =>
  type === 'register'
    ? OTP_NOTICES.sentRegister
    : identifier.includes('@')
      ? OTP_NOTICES.sentEmail
      : isValidMobile(identifier)
        ? OTP_NOTICES.sentMobile
        : OTP_NOTICES.sent;

export const countdownInput = ({ context }: { context: OnboardingContext }) => ({ maxAttempts: context.maxAttempts });

export const onboardingSetup = setup({
  types: {} as { context: OnboardingContext; events: OnboardingEvent; input: Partial<OnboardingContext> | undefined },
  actors: {
    checkExists: fromPromise<AuthResponse, ServiceInputs['checkExists']>(missing('checkExists')),
    checkMobile: fromPromise<AuthResponse, ServiceInputs['checkExists']>(missing('checkMobile')),
    validateUser: fromPromise<AuthResponse, ServiceInputs['validateUser']>(missing('validateUser')),
    sendOtp: fromPromise<OtpSentResponse, ServiceInputs['sendOtp']>(missing('sendOtp')),
    verifyOtp: fromPromise<AuthResponse, ServiceInputs['verifyOtp']>(missing('verifyOtp')),
    loginWithPassword: fromPromise<AuthResponse, ServiceInputs['loginWithPassword']>(missing('loginWithPassword')),
    loginWithOtp: fromPromise<AuthResponse, ServiceInputs['loginWithOtp']>(missing('loginWithOtp')),
    startGoogle: fromPromise<void, ServiceInputs['startGoogle']>(missing('startGoogle')),
    loginWithGoogle: fromPromise<AuthResponse, ServiceInputs['loginWithGoogle']>(missing('loginWithGoogle')),
    register: fromPromise<AuthResponse, ServiceInputs['register']>(missing('register')),
    resetPassword: fromPromise<AuthResponse, ServiceInputs['resetPassword']>(missing('resetPassword')),
    otpCountdown: otpCountdownMachine,
  },
  actions: {
    /** Reports one analytics event; the page's tests swap it for a recorder. */
    report: (_, event: CatalogueEvent) => {
      emit(event);
    },
    /** The shopper is signed in: the page re-fetches the session (SPEC §4 reload). */
    signedIn: () => {},
    // Entering a step names it; messages are cleared by the shopper's own moves, so an error that sent them here stays.
    enterStep: assign((_, step: Step) => ({ activeStep: step })),
    clearMessages: assign({ error: null, notice: null }),
    // Resend OTP is disabled for good: the countdown shows the message, the machine refuses RESEND.
    noteMaxAttempts: assign({ maxAttempts: ({ context }) => context.error ?? MESSAGES.maxAttempts }),
    tellCountdown: sendTo('countdown', ({ context }) => ({
      type: 'MAX_ATTEMPTS' as const,
      message: context.error ?? MESSAGES.maxAttempts,
    })),
    restartCountdown: sendTo('countdown', { type: 'RESEND' as const }),
    // SPEC §4: a sign-in answer with a user keeps the user, any pending account deletion and how the shopper came
    // in (null keeps the method already chosen, as the profile step after a sign-in without a mobile does).
    keepSignIn: assign(({ context, event }, method: LoginMethod | null) => ({
      user: signedInUser(event),
      method: method ?? context.method,
      deletionRequestedAt: outputOf(event).data.deletion_requested_at,
    })),
  },
  guards: {
    identifierValid: ({ context }) => isValidEmail(context.identifier) || isValidMobile(context.identifier),
    isBlocked: ({ context }) => context.blocked,
    exists: ({ event }) => outputOf(event)?.status === 1,
    existsBlocked: ({ event }) => outputOf(event)?.status === 1 && Boolean(outputOf(event)?.data?.is_customer_blocked),
    signedInWithMobile: ({ event }) => outputOf(event)?.status === 1 && Boolean(signedInUser(event)),
    needsMobile: ({ event }) => outputOf(event)?.status === 1 && !signedInUser(event),
    passwordEntered: ({ context }) => context.password.length > 0,
    otpValid: ({ context }) => OtpSchema.safeParse(context.otpValue).success,
    profileOtpValid: ({ context }) => ProfileOtpSchema.safeParse(context.otpValue).success,
    registerDetailsValid: ({ context }) => isValidEmail(context.email) && isValidMobile(context.phone),
    registerFormValid: ({ context }) =>
      OtpSchema.safeParse(context.otpValue).success &&
      FullNameSchema.safeParse(context.fullName.trim()).success &&
      (context.googleToken !== null || PasswordSchema.safeParse(stripSpaces(context.password)).success),
    newPasswordValid: ({ context }) => PasswordSchema.safeParse(context.newPassword).success,
    mobileValid: ({ context }) => isValidMobile(context.phone),
    verified: ({ event }) => outputOf(event)?.status === 1,
    canResend: ({ context }) => context.maxAttempts === null,
    maxAttemptsError: ({ event }) => isMaxAttemptsMessage(messageOf((event as { error?: unknown }).error)),
  },
});

export type OnboardingStateConfig = Parameters<typeof onboardingSetup.createStateConfig>[0];
export type OnboardingInvoke = Exclude<NonNullable<OnboardingStateConfig['invoke']>, readonly unknown[]>;

/** What differs between the OTP steps of the four flows; everything else is built once by `otpFlow`. */
export interface OtpFlowParams {
  type: OtpType;
  /** The context field the OTP goes to: the typed identifier (reported as typed) or the mobile (reported as phone). */
  to: 'identifier' | 'phone';
  /** Where a failed first send goes (a "Maximum attempts reached" send still shows the OTP, Resend disabled). */
  sendFailedTarget: string;
  /** The name of the state holding the OTP field (REGISTER calls it `form`, it holds the whole form). */
  container: 'otp' | 'form';
  /**
   * The shopper's moves while entering the OTP, besides EDIT_OTP and RESEND (at least SUBMIT); by default a valid
   * code is checked and an invalid one shows its message (the sign-in and forgotten-password steps).
   */
  entering?: NonNullable<OnboardingStateConfig['on']>;
  /** The state that checks the OTP and its call; the call's failures are reported with `failed`. */
  verify: { state: 'verifying' | 'registering'; invoke: OnboardingInvoke };
  failed: (reason: string) => CatalogueEvent;
}

/** One OTP sub-flow: `sending` → `<container>` {entering, resending, <verify.state>}, with the countdown alive. */
export function otpFlow(p: OtpFlowParams) {
  const sendInput = ({ context }: { context: OnboardingContext }) => ({
    type: p.type,
    identifier: context[p.to],
    c_code: context.country.selected_code,
  });
  const sentReport = (name: 'otp_sent' | 'otp_resent') => ({
    type: 'report' as const,
    params: ({ context }: { context: OnboardingContext }) => ({
      name,
      type: p.type,
      identifier_type: p.to === 'phone' ? ('phone' as const) : identifierTypeOf(context),
    }),
  });
  const failedReport = { type: 'report' as const, params: ({ event }: { event: unknown }) => p.failed(errorOf({ event })) };
  const sending = onboardingSetup.createStateConfig({
    tags: ['busy'],
    invoke: {
      id: 'sendOtp',
      src: 'sendOtp',
      input: sendInput,
      onDone: {
        target: p.container,
        actions: [assign(({ context }) => ({ notice: sentNotice(p.type, context[p.to]) })), sentReport('otp_sent')],
      },
      onError: [
        {
          guard: 'maxAttemptsError',
          target: p.container,
          actions: assign(({ event }) => ({ error: errorOf({ event }), maxAttempts: errorOf({ event }) })),
        },
        { target: p.sendFailedTarget, actions: assign({ error: errorOf }) },
      ],
    },
  });
  const otp = onboardingSetup.createStateConfig({
    invoke: { id: 'countdown', src: 'otpCountdown', input: countdownInput },
    initial: 'entering',
    states: {
      entering: {
        on: {
          EDIT_OTP: { actions: assign(({ event }) => ({ otpValue: normaliseOtpInput(event.value), error: null })) },
          ...(p.entering ?? {
            SUBMIT: [
              { guard: 'otpValid', target: 'verifying' },
              { actions: assign(({ context }) => ({ error: firstError(OtpSchema, context.otpValue) })) },
            ],
          }),
          RESEND: { guard: 'canResend', target: 'resending' },
        },
      },
      resending: {
        tags: ['busy'],
        invoke: {
          id: 'sendOtp',
          src: 'sendOtp',
          input: sendInput,
          onDone: {
            target: 'entering',
            actions: [assign({ notice: OTP_NOTICES.resent, error: null, otpValue: '' }), 'restartCountdown', sentReport('otp_resent')],
          },
          onError: [
            { guard: 'maxAttemptsError', target: 'entering', actions: [assign({ error: errorOf }), 'noteMaxAttempts', 'tellCountdown'] },
            { target: 'entering', actions: assign({ error: errorOf }) },
          ],
        },
      },
      [p.verify.state]: {
        tags: ['busy'],
        invoke: {
          ...p.verify.invoke,
          onError: [
            {
              guard: 'maxAttemptsError',
              target: 'entering',
              actions: [assign({ error: errorOf }), 'noteMaxAttempts', 'tellCountdown', failedReport],
            },
            { target: 'entering', actions: [assign({ error: errorOf }), failedReport] },
          ],
        },
      },
    },
  });
  return { sending, [p.container]: otp };
}

/**
 * The OTP step of the two flows LOGIN leads to with the typed identifier (sign in with an OTP, forgotten password):
 * a failed first send goes back to LOGIN, and a failed check is reported as otp_failed of that type.
 */
export function identifierOtpFlow(type: 'login' | 'forgotPassword', invoke: OnboardingInvoke) {
  return otpFlow({
    type,
    to: 'identifier',
    sendFailedTarget: '#onboarding.LOGIN',
    container: 'otp',
    verify: { state: 'verifying', invoke },
    failed: (reason) => ({ name: 'otp_failed', type, reason }),
  });
}

/** Leaving a flow reached from LOGIN: another identifier, or back to the password. */
export const backFromLoginFlow = {
  CHANGE: { target: '#onboarding.MY_ACCOUNT', actions: 'clearMessages' },
  USE_PASSWORD: { target: '#onboarding.LOGIN', actions: 'clearMessages' },
} as const;
