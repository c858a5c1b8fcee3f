// The onboarding machine's steps, context, events and injected services (SPEC §3 form state, §4 steps).
import type { AuthResponse, OtpSentResponse, OtpType } from '../../schemas/account.ts';
import type { SessionUser } from '../../schemas/common.ts';

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
export type IdentifierType = 'phone' | 'email';

/** SPEC §4 OTP notices: sent (email, mobile, default, register), resent, verified with a new-password prompt. */
export const OTP_NOTICES = {
  sentEmail: 'OTP has been sent to your email address',
  sentMobile: 'OTP has been sent to your mobile number',
  sent: 'OTP has been sent',
  sentRegister: 'OTP has been sent to your mobile number to complete your registration',
  resent: 'OTP has been resent',
  verified: 'OTP verified successfully. Please create a new password.',
} as const;

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
    opt_in_text_version: string;
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
