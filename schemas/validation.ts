import { z } from 'zod';

// SPEC §5 validation rules with their exact messages. Used by the forms in src/ and the routes in server/.
export const MESSAGES = {
  email: 'Please enter a valid email',
  emailOrPhone: 'Please enter a valid email or phone number',
  mobile: 'Please enter a 10 digit mobile number',
  mobileEmpty: 'Please enter mobile number.',
  passwordMin: 'Passwords must be at least 6 characters.',
  passwordMax: 'Passwords cannot be more than 50 characters.',
  nameRequired: 'Please enter full name',
  nameMin: 'Name must be at least 3 characters',
  nameMax: 'Maximum length is 50 characters',
  namePattern: 'Numeric value or space not allowed.',
  otpMax: 'Maximum length is 8 characters',
  otpEmpty: 'Please enter OTP',
  otpWrong: 'Entered OTP is Incorrect',
  otpProfileMin: 'OTP should be minimum 4 characters long.',
  otpProfileEmpty: 'Please enter otp',
  emailTaken: 'This Email is already registered with a different account. Please use a different Email.',
  mobileTaken: 'This Mobile number is already registered with a different account. Please use a different Mobile number',
  wrongPassword: 'Password is incorrect, use forgot password to reset it or login with OTP instead.',
  maxAttempts: 'Maximum attempts reached',
} as const;

// Local part, @, a domain with a letters-only TLD or a bracketed IPv4; no emoji (SPEC §5).
const EMAIL_PATTERN =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;
const EMOJI = /\p{Extended_Pictographic}/u;

export const isValidEmail = (v: string): boolean => EMAIL_PATTERN.test(v) && !EMOJI.test(v);
export const isValidMobile = (v: string): boolean => /^\d{10}$/.test(v);

export const EmailSchema = z.string().refine(isValidEmail, MESSAGES.email);
export const MobileSchema = z.string().regex(/^\d{10}$/, MESSAGES.mobile);
export const EmailOrMobileSchema = z.string().refine((v) => isValidEmail(v) || isValidMobile(v), MESSAGES.emailOrPhone);
export const PasswordSchema = z.string().min(6, MESSAGES.passwordMin).max(50, MESSAGES.passwordMax);
export const FullNameSchema = z
  .string()
  .min(1, MESSAGES.nameRequired)
  .min(3, MESSAGES.nameMin)
  .max(50, MESSAGES.nameMax)
  .regex(/^[A-Za-z ]+$/, MESSAGES.namePattern);
export const OtpSchema = z.string().min(1, MESSAGES.otpEmpty).max(8, MESSAGES.otpMax).regex(/^\d+$/, MESSAGES.otpWrong);
