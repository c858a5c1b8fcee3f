import { getShortestPaths } from '@xstate/graph';
import type { AuthResponse } from '../../schemas/account.ts';
import {
  MESSAGES,
  OtpSchema,
  PasswordSchema,
  FullNameSchema,
  ProfileOtpSchema,
  isValidEmail,
  isValidMobile,
} from '../../schemas/validation.ts';
import { type OnboardingContext, onboardingMachine, type OnboardingServices } from '../../machines/onboarding/index.ts';
import { answeringServices, done, error } from '../helpers/model-paths.ts';

export { describePath, isServiceStep } from '../helpers/model-paths.ts';

// The model of the onboarding machine for path generation: the shopper's moves with one value each,
// and every answer of every service as an `xstate.done.actor.*` / `xstate.error.actor.*` event, one per branch.

export const USER = {
  customer_id: 7,
  customer_name: 'Asha Rao',
  customer_first_name: 'Asha Rao',
  customer_email: 'asha@kasrat.test',
  customer_mobile: '9123456789',
  customer_c_code: '+91',
  is_complete_profile: true,
  last_order: null,
  cart_journey: 'browse',
};

const auth = (status: 0 | 1, data: Partial<AuthResponse['data']> = {}, message = 'ok'): AuthResponse => ({
  status,
  message,
  data: {
    mobile_exists: false,
    email_exists: false,
    is_customer_blocked: false,
    verified: false,
    user: null,
    deletion_requested_at: null,
    google: null,
    ...data,
  },
});

export const ANSWERS = {
  exists: auth(1, { mobile_exists: true, email_exists: true }),
  stranger: auth(0, {}, 'Customer does not exist'),
  blocked: auth(1, { is_customer_blocked: true }),
  signedIn: auth(1, { user: USER, mobile_exists: true, verified: true }),
  noMobile: auth(1, { mobile_exists: false, verified: true }),
  verified: auth(1, { verified: true }),
  googleNew: auth(0, { google: { email: 'new.shopper@gmail.test', first_name: 'New Shopper' } }, 'Please complete your registration'),
  sent: { status: 1 as const, message: 'OTP sent', data: { sent_to: '******6789', channel: 'sms' as const, expires_in_s: 600 } },
};
export const ERRORS = {
  network: { message: 'Unable to connect. Please check your internet connection.' },
  wrongPassword: { message: MESSAGES.wrongPassword },
  wrongOtp: { message: MESSAGES.otpWrong },
  maxAttempts: { message: MESSAGES.maxAttempts },
  taken: { message: MESSAGES.mobileTaken },
};

export const USER_EVENTS = [
  { type: 'EDIT_IDENTIFIER', value: 'asha@kasrat.test' },
  { type: 'EDIT_IDENTIFIER', value: '9123456789' },
  { type: 'EDIT_EMAIL', value: 'asha@kasrat.test' },
  { type: 'EDIT_PHONE', value: '9123456789' },
  { type: 'EDIT_PASSWORD', value: 'Secret@123' },
  { type: 'EDIT_NEW_PASSWORD', value: 'Fresh@123' },
  { type: 'EDIT_OTP', value: '123456' },
  { type: 'EDIT_NAME', value: 'Asha Rao' },
  { type: 'SUBMIT' },
  { type: 'RESEND' },
  { type: 'CHANGE' },
  { type: 'USE_OTP' },
  { type: 'USE_PASSWORD' },
  { type: 'FORGOT' },
  { type: 'GOOGLE' },
  { type: 'GOOGLE_TOKEN', idToken: 'header.payload.signature', email: 'new.shopper@gmail.test' },
] as const;

/** Every answer of every service, one per branch of SPEC §4. */
export const SERVICE_EVENTS = [
  done('checkExists', ANSWERS.exists, 'exists'),
  done('checkExists', ANSWERS.stranger, 'stranger'),
  done('checkExists', ANSWERS.blocked, 'blocked'),
  error('checkExists', ERRORS.network, 'network'),
  done('loginWithPassword', ANSWERS.signedIn, 'signedIn'),
  done('loginWithPassword', ANSWERS.noMobile, 'noMobile'),
  error('loginWithPassword', ERRORS.wrongPassword, 'wrongPassword'),
  done('sendOtp', ANSWERS.sent, 'sent'),
  error('sendOtp', ERRORS.maxAttempts, 'maxAttempts'),
  error('sendOtp', ERRORS.network, 'network'),
  done('loginWithOtp', ANSWERS.signedIn, 'signedIn'),
  done('loginWithOtp', ANSWERS.noMobile, 'noMobile'),
  error('loginWithOtp', ERRORS.wrongOtp, 'wrongOtp'),
  error('loginWithOtp', ERRORS.maxAttempts, 'maxAttempts'),
  done('validateUser', ANSWERS.verified, 'verified'),
  error('validateUser', ERRORS.taken, 'taken'),
  done('register', ANSWERS.signedIn, 'signedIn'),
  error('register', ERRORS.wrongOtp, 'wrongOtp'),
  done('verifyOtp', ANSWERS.verified, 'verified'),
  done('verifyOtp', ANSWERS.signedIn, 'signedIn'),
  error('verifyOtp', ERRORS.wrongOtp, 'wrongOtp'),
  error('verifyOtp', ERRORS.maxAttempts, 'maxAttempts'),
  done('resetPassword', ANSWERS.signedIn, 'signedIn'),
  error('resetPassword', ERRORS.network, 'network'),
  done('checkMobile', ANSWERS.stranger, 'stranger'),
  done('checkMobile', ANSWERS.exists, 'exists'),
  error('startGoogle', ERRORS.network, 'network'),
  done('loginWithGoogle', ANSWERS.signedIn, 'signedIn'),
  done('loginWithGoogle', ANSWERS.noMobile, 'noMobile'),
  done('loginWithGoogle', ANSWERS.googleNew, 'googleNew'),
  error('loginWithGoogle', ERRORS.network, 'network'),
] as const;

export type ModelEvent = (typeof USER_EVENTS)[number] | { type: string; output?: unknown; error?: unknown };

/**
 * A state is its value plus what that step's guards read (is the field valid, blocked, from Google, did the send
 * hit the limit). Other context does not change what can happen next, so it is left out of the key.
 */
export function serializeModelState(snapshot: { value: unknown; context: OnboardingContext }): string {
  const c = snapshot.context;
  const step = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value as object)[0];
  const otpOk = OtpSchema.safeParse(c.otpValue).success && ProfileOtpSchema.safeParse(c.otpValue).success;
  const flags: Record<string, unknown[]> = {
    MY_ACCOUNT: [isValidEmail(c.identifier) || isValidMobile(c.identifier), c.blocked],
    LOGIN: [c.password.length > 0],
    LOGIN_WITH_OTP: [otpOk, c.maxAttempts !== null],
    REGISTER: [
      isValidEmail(c.email),
      isValidMobile(c.phone),
      c.emailFetchedFromGoogle,
      otpOk,
      FullNameSchema.safeParse(c.fullName.trim()).success,
      PasswordSchema.safeParse(c.password).success,
      c.googleToken !== null,
      c.maxAttempts !== null,
    ],
    FORGET_PASSWORD: [otpOk, PasswordSchema.safeParse(c.newPassword).success, c.maxAttempts !== null],
    PROFILE_UPDATE: [isValidMobile(c.phone), otpOk, c.maxAttempts !== null],
  };
  return JSON.stringify([snapshot.value, ...(flags[step] ?? [])]);
}

export function onboardingPaths() {
  return getShortestPaths(onboardingMachine, {
    events: [...USER_EVENTS, ...SERVICE_EVENTS] as never,
    serializeState: serializeModelState as never,
  });
}

// Invoke ids whose service is shared: the profile step's mobile check is the exists call.
const SERVICE_OF: Record<string, keyof OnboardingServices> = { checkMobile: 'checkExists' };
const SERVICES: Array<keyof OnboardingServices> = [
  'checkExists',
  'validateUser',
  'sendOtp',
  'verifyOtp',
  'loginWithPassword',
  'loginWithOtp',
  'startGoogle',
  'loginWithGoogle',
  'register',
  'resetPassword',
];

/** Services that answer what the path's steps say (see answeringServices). */
export const servicesForPath = (steps: Parameters<typeof answeringServices>[0]) =>
  answeringServices<OnboardingServices>(steps, SERVICES, SERVICE_OF);

/** The step a state value belongs to (SIGNED_IN is the end, not a step). */
export const stepOf = (value: unknown): string => (typeof value === 'string' ? value : Object.keys(value as object)[0]);
