// Sign-in and registration (SPEC §4 onboarding steps), holding the login/register form state of SPEC §3.
// Every call is an injected actor (machine.provide), so the page supplies the API and tests supply answers.
import { assign, type DoneActorEvent, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import { type CatalogueEvent, emit } from '../events/index.ts';
import type { AuthResponse, OtpSentResponse, OtpType } from '../schemas/account.ts';
import { GENERIC_ERROR, type SessionUser } from '../schemas/common.ts';
import {
  FullNameSchema,
  firstError,
  identifierKind,
  isValidEmail,
  isValidMobile,
  MESSAGES,
  normaliseEmailInput,
  normaliseIdentifierInput,
  normaliseOtpInput,
  normalisePhoneInput,
  OtpSchema,
  PasswordSchema,
  ProfileOtpSchema,
  stripSpaces,
} from '../schemas/validation.ts';
import { isMaxAttemptsMessage, otpCountdownMachine } from './otp-countdown.ts';

export const STEPS = [
  'MY_ACCOUNT',
  'LOGIN',
  'REGISTER',
  'FORGET_PASSWORD',
  'PROFILE_UPDATE',
  'LOGIN_WITH_OTP',
  'LOGIN_WITH_GOOGLE',
] as const;
export type Step = (typeof STEPS)[number];
export type LoginMethod = 'password' | 'otp' | 'google';
type IdentifierType = 'phone' | 'email';

/** SPEC §4 OTP notices: sent (email, mobile, default, register), resent, verified with a new-password prompt. */
export const OTP_NOTICES = {
  sentEmail: 'OTP has been sent to your email address',
  sentMobile: 'OTP has been sent to your mobile number',
  sent: 'OTP has been sent',
  sentRegister: 'OTP has been sent to your mobile number to complete your registration',
  resent: 'OTP has been resent',
  verified: 'OTP verified successfully. Please create a new password.',
} as const;

export { GENERIC_ERROR };

/** SPEC §3 login/register form state, plus what the steps need to remember between calls. */
export interface OnboardingContext {
  activeStep: Step;
  activeInputField: IdentifierType;
  email: string;
  phone: string;
  password: string;
  otpValue: string;
  optIn: boolean;
  fullName: string;
  country: { selected_code: string; selected_country: string };
  newPassword: string;
  reload: boolean;
  /** The combined email-or-phone field of the first step, as typed (normalised). */
  identifier: string;
  /** SPEC §4: a blocked customer has Continue disabled until the identifier changes. */
  blocked: boolean;
  error: string | null;
  notice: string | null;
  /** A send answered "Maximum attempts reached": the countdown starts disabled. */
  maxAttempts: string | null;
  googleToken: string | null;
  emailFetchedFromGoogle: boolean;
  user: SessionUser | null;
  deletionRequestedAt: string | null;
  method: LoginMethod | null;
  /** Signed in by registering: reported as user_register, not user_login. */
  registered: boolean;
  referrer: string | null;
}

export type OnboardingEvent =
  | { type: 'EDIT_IDENTIFIER'; value: string }
  | { type: 'EDIT_EMAIL'; value: string }
  | { type: 'EDIT_PHONE'; value: string }
  | { type: 'EDIT_PASSWORD'; value: string }
  | { type: 'EDIT_NEW_PASSWORD'; value: string }
  | { type: 'EDIT_OTP'; value: string }
  | { type: 'EDIT_NAME'; value: string }
  | { type: 'TOGGLE_OPT_IN' }
  | { type: 'SELECT_COUNTRY'; code: string; iso: string }
  | { type: 'SUBMIT' }
  | { type: 'RESEND' }
  | { type: 'CHANGE' }
  | { type: 'USE_OTP' }
  | { type: 'USE_PASSWORD' }
  | { type: 'FORGOT' }
  | { type: 'GOOGLE' }
  | { type: 'GOOGLE_TOKEN'; idToken: string; email: string }
  | { type: 'DISMISS' };

// ---------- injected services ----------

export interface ServiceInputs {
  checkExists: { identifier: string; c_code: string };
  validateUser: { email: string; mobile: string; c_code: string };
  sendOtp: { type: OtpType; identifier: string; c_code: string };
  verifyOtp: { type: 'forgotPassword' | 'profile'; identifier: string; c_code: string; otp: string };
  loginWithPassword: { identifier: string; c_code: string; password: string };
  loginWithOtp: { identifier: string; c_code: string; otp: string };
  startGoogle: Record<string, never>;
  loginWithGoogle: { email: string; idToken: string };
  register: {
    email: string;
    mobile: string;
    c_code: string;
    password: string | null;
    otp: string;
    opt_in: boolean;
    first_name: string;
    email_fetched_from_google: boolean;
    google_token: string | null;
    referrer: string | null;
  };
  resetPassword: { identifier: string; c_code: string; newPassword: string; existMobile: boolean };
}

/** The services the page provides; each rejects with an Error whose message is shown (SPEC §8). */
export type OnboardingServices = {
  [K in keyof ServiceInputs]: (
    input: ServiceInputs[K],
  ) => Promise<K extends 'sendOtp' ? OtpSentResponse : K extends 'startGoogle' ? void : AuthResponse>;
};

const missing = (name: string) => () => Promise.reject(new Error(`onboarding service ${name} was not provided`));

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

const messageOf = (error: unknown): string => {
  const m = (error as { message?: unknown } | null)?.message;
  return typeof m === 'string' && m ? m : GENERIC_ERROR;
};
const errorOf = ({ event }: { event: unknown }) => messageOf((event as { error?: unknown }).error);
const outputOf = (event: unknown): AuthResponse => (event as DoneActorEvent<AuthResponse>).output;
const identifierTypeOf = (c: OnboardingContext): IdentifierType => c.activeInputField;
const signedInUser = (event: unknown) => outputOf(event)?.data?.user ?? null;

export const initialOnboardingContext = (over: Partial<OnboardingContext> = {}): OnboardingContext => ({
  activeStep: 'MY_ACCOUNT',
  activeInputField: 'email',
  email: '',
  phone: '',
  password: '',
  otpValue: '',
  optIn: true,
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

const sentNotice = (type: OtpType, identifier: string): string =>
  type === 'register'
    ? OTP_NOTICES.sentRegister
    : identifier.includes('@')
      ? OTP_NOTICES.sentEmail
      : isValidMobile(identifier)
        ? OTP_NOTICES.sentMobile
        : OTP_NOTICES.sent;

const countdownInput = ({ context }: { context: OnboardingContext }) => ({ maxAttempts: context.maxAttempts });

const onboardingSetup = setup({
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

type OnboardingStateConfig = Parameters<typeof onboardingSetup.createStateConfig>[0];
type OnboardingInvoke = Exclude<NonNullable<OnboardingStateConfig['invoke']>, readonly unknown[]>;

/** What differs between the OTP steps of the four flows; everything else is built once by `otpFlow`. */
interface OtpFlowParams {
  type: OtpType;
  /** The context field the OTP goes to: the typed identifier (reported as typed) or the mobile (reported as phone). */
  to: 'identifier' | 'phone';
  /** Where a failed first send goes (a "Maximum attempts reached" send still shows the OTP, Resend disabled). */
  sendFailedTarget: string;
  /** The name of the state holding the OTP field (REGISTER calls it `form`, it holds the whole form). */
  container: 'otp' | 'form';
  /** The shopper's moves while entering the OTP, besides EDIT_OTP and RESEND (at least SUBMIT). */
  entering: NonNullable<OnboardingStateConfig['on']>;
  /** The state that checks the OTP and its call; the call's failures are reported with `failed`. */
  verify: { state: 'verifying' | 'registering'; invoke: OnboardingInvoke };
  failed: (reason: string) => CatalogueEvent;
}

/** One OTP sub-flow: `sending` → `<container>` {entering, resending, <verify.state>}, with the countdown alive. */
function otpFlow(p: OtpFlowParams) {
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
          ...p.entering,
          RESEND: { guard: 'canResend', target: 'resending' },
        },
      },
      resending: {
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

export const onboardingMachine = onboardingSetup.createMachine({
  id: 'onboarding',
  context: ({ input }) => initialOnboardingContext(input),
  initial: 'MY_ACCOUNT',
  on: {
    // Back from the identity provider: whatever step the page started in, verify the token.
    GOOGLE_TOKEN: {
      target: '.LOGIN_WITH_GOOGLE.verifying',
      actions: assign(({ event }) => ({
        googleToken: event.idToken,
        email: normaliseEmailInput(event.email),
        activeInputField: 'email' as const,
      })),
    },
    DISMISS: { actions: 'clearMessages' },
  },
  states: {
    MY_ACCOUNT: {
      entry: { type: 'enterStep', params: 'MY_ACCOUNT' as Step },
      initial: 'idle',
      states: {
        idle: {
          on: {
            EDIT_IDENTIFIER: {
              actions: assign(({ event }) => ({ identifier: normaliseIdentifierInput(event.value), blocked: false, error: null })),
            },
            SELECT_COUNTRY: { actions: assign(({ event }) => ({ country: { selected_code: event.code, selected_country: event.iso } })) },
            SUBMIT: [
              { guard: 'isBlocked' },
              {
                guard: 'identifierValid',
                target: 'checking',
                actions: assign(({ context }) => {
                  const kind = identifierKind(context.identifier);
                  return {
                    activeInputField: kind,
                    email: kind === 'email' ? context.identifier : '',
                    phone: kind === 'phone' ? context.identifier : '',
                    error: null,
                  };
                }),
              },
              { actions: assign({ error: MESSAGES.emailOrPhone }) },
            ],
            GOOGLE: { target: '#onboarding.LOGIN_WITH_GOOGLE', actions: 'clearMessages' },
          },
        },
        checking: {
          invoke: {
            id: 'checkExists',
            src: 'checkExists',
            input: ({ context }) => ({ identifier: context.identifier, c_code: context.country.selected_code }),
            onDone: [
              {
                guard: 'existsBlocked',
                target: 'idle',
                actions: [
                  assign({ blocked: true }),
                  {
                    type: 'report',
                    params: ({ context }) => ({
                      name: 'login_identifier_submitted',
                      identifier_type: identifierTypeOf(context),
                      exists: true,
                    }),
                  },
                ],
              },
              {
                guard: 'exists',
                target: '#onboarding.LOGIN',
                actions: {
                  type: 'report',
                  params: ({ context }) => ({
                    name: 'login_identifier_submitted',
                    identifier_type: identifierTypeOf(context),
                    exists: true,
                  }),
                },
              },
              {
                target: '#onboarding.REGISTER',
                actions: {
                  type: 'report',
                  params: ({ context }) => ({
                    name: 'login_identifier_submitted',
                    identifier_type: identifierTypeOf(context),
                    exists: false,
                  }),
                },
              },
            ],
            onError: { target: 'idle', actions: assign({ error: errorOf }) },
          },
        },
      },
    },

    LOGIN: {
      entry: [{ type: 'enterStep', params: 'LOGIN' as Step }, assign({ password: '', otpValue: '' })],
      initial: 'idle',
      states: {
        idle: {
          on: {
            EDIT_PASSWORD: { actions: assign(({ event }) => ({ password: event.value.slice(0, 50), error: null })) },
            SUBMIT: [{ guard: 'passwordEntered', target: 'submitting' }, { actions: assign({ error: MESSAGES.passwordMin }) }],
          },
        },
        submitting: {
          invoke: {
            id: 'loginWithPassword',
            src: 'loginWithPassword',
            input: ({ context }) => ({ identifier: context.identifier, c_code: context.country.selected_code, password: context.password }),
            onDone: [
              {
                guard: 'signedInWithMobile',
                target: '#onboarding.SIGNED_IN',
                actions: assign(({ event }) => ({
                  user: signedInUser(event),
                  method: 'password' as const,
                  deletionRequestedAt: outputOf(event).data.deletion_requested_at,
                })),
              },
              { guard: 'needsMobile', target: '#onboarding.PROFILE_UPDATE', actions: assign({ method: 'password' as const }) },
              { target: 'idle', actions: assign(({ event }) => ({ error: outputOf(event)?.message || GENERIC_ERROR })) },
            ],
            onError: {
              target: 'idle',
              actions: [
                assign({ error: errorOf }),
                {
                  type: 'report',
                  params: ({ event }) => ({ name: 'login_failed', method: 'password', reason: errorOf({ event }).slice(0, 500) }),
                },
              ],
            },
          },
        },
      },
      on: {
        CHANGE: { target: '#onboarding.MY_ACCOUNT', actions: 'clearMessages' },
        USE_OTP: { target: '#onboarding.LOGIN_WITH_OTP', actions: 'clearMessages' },
        FORGOT: {
          target: '#onboarding.FORGET_PASSWORD',
          actions: [
            'clearMessages',
            {
              type: 'report',
              params: ({ context }) => ({ name: 'forgot_password_requested', identifier_type: identifierTypeOf(context) }),
            },
          ],
        },
        GOOGLE: { target: '#onboarding.LOGIN_WITH_GOOGLE', actions: 'clearMessages' },
      },
    },

    LOGIN_WITH_OTP: {
      entry: [{ type: 'enterStep', params: 'LOGIN_WITH_OTP' as Step }, assign({ otpValue: '', maxAttempts: null })],
      initial: 'sending',
      states: {
        ...otpFlow({
          type: 'login',
          to: 'identifier',
          sendFailedTarget: '#onboarding.LOGIN',
          container: 'otp',
          entering: {
            SUBMIT: [
              { guard: 'otpValid', target: 'verifying' },
              { actions: assign(({ context }) => ({ error: firstError(OtpSchema, context.otpValue) })) },
            ],
          },
          verify: {
            state: 'verifying',
            invoke: {
              id: 'loginWithOtp',
              src: 'loginWithOtp',
              input: ({ context }) => ({ identifier: context.identifier, c_code: context.country.selected_code, otp: context.otpValue }),
              onDone: [
                {
                  guard: 'signedInWithMobile',
                  target: '#onboarding.SIGNED_IN',
                  actions: [
                    assign(({ event }) => ({
                      user: signedInUser(event),
                      method: 'otp' as const,
                      deletionRequestedAt: outputOf(event).data.deletion_requested_at,
                    })),
                    { type: 'report', params: { name: 'otp_verified', type: 'login' } },
                  ],
                },
                { guard: 'needsMobile', target: '#onboarding.PROFILE_UPDATE', actions: assign({ method: 'otp' as const }) },
                { target: 'entering', actions: assign(({ event }) => ({ error: outputOf(event)?.message || GENERIC_ERROR })) },
              ],
            },
          },
          failed: (reason) => ({ name: 'otp_failed', type: 'login', reason }),
        }),
      },
      on: {
        CHANGE: { target: '#onboarding.MY_ACCOUNT', actions: 'clearMessages' },
        USE_PASSWORD: { target: '#onboarding.LOGIN', actions: 'clearMessages' },
      },
    },

    REGISTER: {
      entry: [{ type: 'enterStep', params: 'REGISTER' as Step }, assign({ otpValue: '', password: '', maxAttempts: null })],
      initial: 'details',
      states: {
        details: {
          on: {
            // The identifier the shopper started with (or Google's email) stays locked; they give the other one.
            EDIT_EMAIL: {
              guard: ({ context }) => context.activeInputField !== 'email',
              actions: assign(({ event }) => ({ email: normaliseEmailInput(event.value), error: null })),
            },
            EDIT_PHONE: {
              guard: ({ context }) => context.activeInputField !== 'phone',
              actions: assign(({ event }) => ({ phone: normalisePhoneInput(event.value), error: null })),
            },
            SELECT_COUNTRY: { actions: assign(({ event }) => ({ country: { selected_code: event.code, selected_country: event.iso } })) },
            TOGGLE_OPT_IN: { actions: assign(({ context }) => ({ optIn: !context.optIn })) },
            SUBMIT: [
              { guard: 'registerDetailsValid', target: 'validating' },
              { actions: assign(({ context }) => ({ error: isValidEmail(context.email) ? MESSAGES.mobile : MESSAGES.email })) },
            ],
          },
        },
        validating: {
          invoke: {
            id: 'validateUser',
            src: 'validateUser',
            input: ({ context }) => ({ email: context.email, mobile: context.phone, c_code: context.country.selected_code }),
            onDone: [
              { guard: 'verified', target: 'sending' },
              { target: 'details', actions: assign(({ event }) => ({ error: outputOf(event)?.message || GENERIC_ERROR })) },
            ],
            onError: {
              target: 'details',
              actions: [
                assign({ error: errorOf }),
                { type: 'report', params: ({ event }) => ({ name: 'register_failed', reason: errorOf({ event }) }) },
              ],
            },
          },
        },
        // SPEC §4: once validated, the OTP, full name and password appear.
        ...otpFlow({
          type: 'register',
          to: 'phone',
          sendFailedTarget: 'details',
          container: 'form',
          entering: {
            EDIT_NAME: { actions: assign(({ event }) => ({ fullName: event.value.slice(0, 50), error: null })) },
            // SPEC §5: spaces are stripped from the password on register. A Google sign-up has no password.
            EDIT_PASSWORD: {
              guard: ({ context }) => context.googleToken === null,
              actions: assign(({ event }) => ({ password: stripSpaces(event.value).slice(0, 50), error: null })),
            },
            TOGGLE_OPT_IN: { actions: assign(({ context }) => ({ optIn: !context.optIn })) },
            SUBMIT: [
              { guard: 'registerFormValid', target: 'registering' },
              {
                actions: assign(({ context }) => ({
                  error:
                    firstError(OtpSchema, context.otpValue) ??
                    firstError(FullNameSchema, context.fullName.trim()) ??
                    (context.googleToken ? null : firstError(PasswordSchema, context.password)),
                })),
              },
            ],
          },
          verify: {
            state: 'registering',
            invoke: {
              id: 'register',
              src: 'register',
              input: ({ context }) => ({
                email: context.email,
                mobile: context.phone,
                c_code: context.country.selected_code,
                password: context.password ? context.password : null,
                otp: context.otpValue,
                opt_in: context.optIn,
                first_name: context.fullName.trim(),
                email_fetched_from_google: context.emailFetchedFromGoogle,
                google_token: context.googleToken,
                referrer: context.referrer,
              }),
              onDone: [
                {
                  guard: 'signedInWithMobile',
                  target: '#onboarding.SIGNED_IN',
                  actions: [
                    assign(({ event, context }) => ({
                      user: signedInUser(event),
                      registered: true,
                      method: context.googleToken ? ('google' as const) : ('otp' as const),
                    })),
                    { type: 'report', params: { name: 'otp_verified', type: 'register' } },
                    {
                      type: 'report',
                      params: ({ context }) => ({
                        name: 'user_register',
                        method: context.googleToken ? 'google' : 'otp',
                        identifier_type: identifierTypeOf(context),
                        opt_in: context.optIn,
                      }),
                    },
                  ],
                },
                { target: 'entering', actions: assign(({ event }) => ({ error: outputOf(event)?.message || GENERIC_ERROR })) },
              ],
            },
          },
          failed: (reason) => ({ name: 'register_failed', reason }),
        }),
      },
      on: {
        CHANGE: {
          target: '#onboarding.MY_ACCOUNT',
          actions: ['clearMessages', assign({ googleToken: null, emailFetchedFromGoogle: false })],
        },
      },
    },

    FORGET_PASSWORD: {
      entry: [{ type: 'enterStep', params: 'FORGET_PASSWORD' as Step }, assign({ otpValue: '', newPassword: '', maxAttempts: null })],
      initial: 'sending',
      states: {
        ...otpFlow({
          type: 'forgotPassword',
          to: 'identifier',
          sendFailedTarget: '#onboarding.LOGIN',
          container: 'otp',
          entering: {
            SUBMIT: [
              { guard: 'otpValid', target: 'verifying' },
              { actions: assign(({ context }) => ({ error: firstError(OtpSchema, context.otpValue) })) },
            ],
          },
          verify: {
            state: 'verifying',
            invoke: {
              id: 'verifyOtp',
              src: 'verifyOtp',
              input: ({ context }) => ({
                type: 'forgotPassword' as const,
                identifier: context.identifier,
                c_code: context.country.selected_code,
                otp: context.otpValue,
              }),
              onDone: [
                // SPEC §4: verified when status is 1, with a prompt to create a new password.
                {
                  guard: 'verified',
                  target: '#onboarding.FORGET_PASSWORD.newPassword',
                  actions: [
                    assign({ notice: OTP_NOTICES.verified, error: null }),
                    { type: 'report', params: { name: 'otp_verified', type: 'forgotPassword' } },
                  ],
                },
                { target: 'entering', actions: assign(({ event }) => ({ error: outputOf(event)?.message || MESSAGES.otpWrong })) },
              ],
            },
          },
          failed: (reason) => ({ name: 'otp_failed', type: 'forgotPassword', reason }),
        }),
        newPassword: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                EDIT_NEW_PASSWORD: { actions: assign(({ event }) => ({ newPassword: event.value.slice(0, 50), error: null })) },
                SUBMIT: [
                  { guard: 'newPasswordValid', target: 'saving' },
                  { actions: assign(({ context }) => ({ error: firstError(PasswordSchema, context.newPassword) })) },
                ],
              },
            },
            saving: {
              invoke: {
                id: 'resetPassword',
                src: 'resetPassword',
                input: ({ context }) => ({
                  identifier: context.identifier,
                  c_code: context.country.selected_code,
                  newPassword: context.newPassword,
                  existMobile: context.activeInputField === 'phone',
                }),
                onDone: [
                  {
                    guard: 'signedInWithMobile',
                    target: '#onboarding.SIGNED_IN',
                    actions: [
                      assign(({ event }) => ({ user: signedInUser(event), method: 'password' as const })),
                      { type: 'report', params: { name: 'password_reset' } },
                    ],
                  },
                  {
                    guard: 'needsMobile',
                    target: '#onboarding.PROFILE_UPDATE',
                    actions: [assign({ method: 'password' as const }), { type: 'report', params: { name: 'password_reset' } }],
                  },
                  { target: 'idle', actions: assign(({ event }) => ({ error: outputOf(event)?.message || GENERIC_ERROR })) },
                ],
                onError: { target: 'idle', actions: assign({ error: errorOf }) },
              },
            },
          },
        },
      },
      on: {
        CHANGE: { target: '#onboarding.MY_ACCOUNT', actions: 'clearMessages' },
        USE_PASSWORD: { target: '#onboarding.LOGIN', actions: 'clearMessages' },
      },
    },

    // SPEC §4: check the mobile, send the OTP, verify it, reload.
    PROFILE_UPDATE: {
      entry: [{ type: 'enterStep', params: 'PROFILE_UPDATE' as Step }, assign({ otpValue: '', phone: '', maxAttempts: null })],
      initial: 'mobile',
      states: {
        mobile: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                EDIT_PHONE: { actions: assign(({ event }) => ({ phone: normalisePhoneInput(event.value), error: null })) },
                SELECT_COUNTRY: {
                  actions: assign(({ event }) => ({ country: { selected_code: event.code, selected_country: event.iso } })),
                },
                SUBMIT: [
                  { guard: 'mobileValid', target: 'checking' },
                  { actions: assign(({ context }) => ({ error: context.phone ? MESSAGES.mobile : MESSAGES.mobileEmpty })) },
                ],
              },
            },
            checking: {
              invoke: {
                id: 'checkMobile',
                src: 'checkMobile',
                input: ({ context }) => ({ identifier: context.phone, c_code: context.country.selected_code }),
                onDone: [
                  { guard: 'exists', target: 'idle', actions: assign({ error: MESSAGES.mobileTaken }) },
                  { target: '#onboarding.PROFILE_UPDATE.sending' },
                ],
                onError: { target: 'idle', actions: assign({ error: errorOf }) },
              },
            },
          },
        },
        ...otpFlow({
          type: 'profile',
          to: 'phone',
          sendFailedTarget: 'mobile',
          container: 'otp',
          entering: {
            SUBMIT: [
              { guard: 'profileOtpValid', target: 'verifying' },
              { actions: assign(({ context }) => ({ error: firstError(ProfileOtpSchema, context.otpValue) })) },
            ],
            CHANGE: { target: '#onboarding.PROFILE_UPDATE.mobile', actions: 'clearMessages' },
          },
          verify: {
            state: 'verifying',
            invoke: {
              id: 'verifyOtp',
              src: 'verifyOtp',
              input: ({ context }) => ({
                type: 'profile' as const,
                identifier: context.phone,
                c_code: context.country.selected_code,
                otp: context.otpValue,
              }),
              onDone: [
                {
                  guard: 'signedInWithMobile',
                  target: '#onboarding.SIGNED_IN',
                  actions: [
                    assign(({ event }) => ({
                      user: signedInUser(event),
                      deletionRequestedAt: outputOf(event).data.deletion_requested_at,
                    })),
                    { type: 'report', params: { name: 'otp_verified', type: 'profile' } },
                    { type: 'report', params: { name: 'profile_completed' } },
                  ],
                },
                { target: 'entering', actions: assign(({ event }) => ({ error: outputOf(event)?.message || GENERIC_ERROR })) },
              ],
            },
          },
          failed: (reason) => ({ name: 'otp_failed', type: 'profile', reason }),
        }),
      },
    },

    LOGIN_WITH_GOOGLE: {
      entry: { type: 'enterStep', params: 'LOGIN_WITH_GOOGLE' as Step },
      initial: 'redirecting',
      states: {
        // The page leaves for the identity provider; it comes back with GOOGLE_TOKEN (root handler).
        redirecting: {
          invoke: {
            id: 'startGoogle',
            src: 'startGoogle',
            input: () => ({}),
            onError: { target: '#onboarding.MY_ACCOUNT', actions: assign({ error: errorOf }) },
          },
        },
        verifying: {
          invoke: {
            id: 'loginWithGoogle',
            src: 'loginWithGoogle',
            input: ({ context }) => ({ email: context.email, idToken: context.googleToken ?? '' }),
            onDone: [
              // SPEC §4: status 1 with a mobile signs in; without one goes to PROFILE_UPDATE; otherwise REGISTER.
              {
                guard: 'signedInWithMobile',
                target: '#onboarding.SIGNED_IN',
                actions: assign(({ event }) => ({
                  user: signedInUser(event),
                  method: 'google' as const,
                  deletionRequestedAt: outputOf(event).data.deletion_requested_at,
                })),
              },
              {
                guard: 'needsMobile',
                target: '#onboarding.PROFILE_UPDATE',
                actions: assign({ method: 'google' as const, googleToken: null }),
              },
              {
                target: '#onboarding.REGISTER',
                actions: assign(({ event, context }) => ({
                  email: outputOf(event)?.data?.google?.email ?? context.email,
                  fullName: (outputOf(event)?.data?.google?.first_name ?? '').replace(/[^A-Za-z ]/g, '').slice(0, 50),
                  identifier: outputOf(event)?.data?.google?.email ?? context.email,
                  emailFetchedFromGoogle: true,
                  activeInputField: 'email' as const,
                })),
              },
            ],
            onError: {
              target: '#onboarding.MY_ACCOUNT',
              actions: [
                assign({ error: errorOf, googleToken: null }),
                { type: 'report', params: ({ event }) => ({ name: 'login_failed', method: 'google', reason: errorOf({ event }) }) },
              ],
            },
          },
        },
      },
      on: { CHANGE: { target: '#onboarding.MY_ACCOUNT', actions: 'clearMessages' } },
    },

    SIGNED_IN: {
      type: 'final',
      entry: [
        assign({ reload: true, error: null }),
        enqueueActions(({ context, enqueue }) => {
          if (!context.registered)
            enqueue({
              type: 'report',
              params: { name: 'user_login', method: context.method ?? 'password', identifier_type: identifierTypeOf(context) },
            });
        }),
        'signedIn',
      ],
    },
  },
});

export type OnboardingMachine = typeof onboardingMachine;
