import { z } from 'zod';
import { normaliseEmail } from './text.ts';

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

// Profile steps ask for at least 4 digits, with their own wording (SPEC §5).
export const ProfileOtpSchema = z
  .string()
  .min(1, MESSAGES.otpProfileEmpty)
  .min(4, MESSAGES.otpProfileMin)
  .max(8, MESSAGES.otpMax)
  .regex(/^\d+$/, MESSAGES.otpWrong);
export const ProfileMobileSchema = z
  .string()
  .min(1, MESSAGES.mobileEmpty)
  .regex(/^\d{10}$/, MESSAGES.mobile);

// SPEC §5 character patterns, one per input kind. Unknown kinds pass.
export const INPUT_PATTERNS = {
  text: /^[A-Za-z0-9 ]*$/,
  email: /^[A-Za-z0-9+'._@\-=?/*~&#$!%]*$/,
  address: /^[A-Za-z0-9\s,/\-.:;()[\]#*]*$/,
  number: /^\d*$/,
  landmark: /^[A-Za-z0-9\s.,#\-:]*$/,
  textarea: /^[A-Za-z0-9 +%|&'/:.(),_-]*$/,
} as const;
export type InputPatternKind = keyof typeof INPUT_PATTERNS;

export function matchesInputPattern(kind: string, value: string): boolean {
  const pattern = (INPUT_PATTERNS as Record<string, RegExp | undefined>)[kind];
  return pattern ? pattern.test(value) : true;
}

// SPEC §5 phone key blocking: these keys never reach a phone field; '.', 'e' and '-' also not when only a
// phone number is expected (a number input would accept them).
const PHONE_BLOCKED_KEYS = new Set([...'! & ? ( ) = + # $ * [ ] { } ^ > < _ ~ ` |'.split(' '), ' ', 'ArrowUp', 'ArrowDown']);
const PHONE_ONLY_BLOCKED_KEYS = new Set(['.', 'e', '-']);

export function isBlockedPhoneKey(key: string, phoneOnly: boolean): boolean {
  return PHONE_BLOCKED_KEYS.has(key) || (phoneOnly && PHONE_ONLY_BLOCKED_KEYS.has(key));
}

/** SPEC §5 paste rule: whitespace removed, accepted only when numeric; null means the paste is refused. */
export function acceptPhonePaste(text: string, maxLength?: number): string | null {
  const compact = text.replace(/\s+/g, '');
  if (!/^\d+$/.test(compact)) return null;
  return maxLength ? compact.slice(0, maxLength) : compact;
}

/** SPEC §5: email input is lowercased with spaces removed (schemas/text.ts). */
export const normaliseEmailInput = normaliseEmail;
/** SPEC §5: mobile input keeps digits only, at most 10. */
export const normalisePhoneInput = (value: string, maxLength = 10): string => value.replace(/\D+/g, '').slice(0, maxLength);
/** SPEC §5: OTP input keeps digits only, at most 8. */
export const normaliseOtpInput = (value: string): string => value.replace(/\D+/g, '').slice(0, 8);
/** SPEC §5: spaces are stripped from a password on register. */
export const stripSpaces = (value: string): string => value.replace(/\s+/g, '');

export type IdentifierKind = 'phone' | 'email';
/** The combined email-or-phone field is a phone while it holds only digits (and spaces). */
export const identifierKind = (value: string): IdentifierKind => (/^[\d\s]+$/.test(value) ? 'phone' : 'email');
export const normaliseIdentifierInput = (value: string): string =>
  identifierKind(value) === 'phone' ? normalisePhoneInput(value) : normaliseEmailInput(value);

/** Server-side form of an identifier: trimmed, an all-digit value kept as digits, an email lowercased. */
export const normaliseIdentifier = (value: string): string => {
  const trimmed = value.trim();
  return /^[\d\s-]+$/.test(trimmed) ? trimmed.replace(/\D+/g, '') : normaliseEmailInput(trimmed);
};

/** SPEC §5: the combined field has one message, whichever kind was meant. */
export function identifierError(value: string): string | null {
  return isValidEmail(value) || isValidMobile(value) ? null : MESSAGES.emailOrPhone;
}

/** The first SPEC message a value breaks, for forms that show one line under a field. */
export const firstError = (schema: z.ZodType, value: unknown): string | null => {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
};

/** SPEC §5 character patterns applied while typing: characters the field's pattern refuses are dropped. */
export function keepAllowedCharacters(kind: string, value: string): string {
  const pattern = (INPUT_PATTERNS as Record<string, RegExp | undefined>)[kind];
  if (!pattern) return value;
  return Array.from(value)
    .filter((ch) => pattern.test(ch))
    .join('');
}
