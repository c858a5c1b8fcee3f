import type { ProfileValues } from '../../../schemas/account.ts';
import type { Db } from '../../db/database.ts';
import { BadRequest } from '../../http/errors.ts';
import type { AuthConfig, CustomerRow, KeyRing, OtpService } from '../auth/index.ts';

export const ACCOUNT_MESSAGES = {
  sameMobile: 'This is already your mobile number.',
  sameEmail: 'This is already your email.',
  noContact: 'Please add a mobile number or email to your account first.',
  noEmail: 'Please add an email to your account first.',
  emailAlreadyVerified: 'Your email is already verified.',
  alreadyScheduled: 'Your account is already scheduled for deletion.',
  nothingToCancel: 'There is no deletion request to cancel.',
  profileSaved: 'Profile updated successfully',
  mobileUpdated: 'Mobile number updated successfully',
  emailUpdated: 'Email updated successfully',
  passwordUpdated: 'Password updated successfully',
  emailVerified: 'Your email has been verified',
  emailVerificationSent: 'We have sent a verification link to your email',
  emailVerificationCancelled: 'Email verification cancelled',
  deletionCancelled: 'Your account deletion request has been cancelled',
} as const;

export interface AccountDeps {
  db: Db;
  keys: KeyRing;
  otp: OtpService;
  config: AuthConfig;
}

export function profileValues(c: CustomerRow): ProfileValues {
  return {
    first_name: c.first_name,
    last_name: c.last_name,
    full_name: `${c.first_name} ${c.last_name}`.trim(),
    email: c.email,
    mobile: c.mobile,
    c_code: c.c_code,
    email_verified: c.email_verified,
    opt_in: c.opt_in,
    has_password: Boolean(c.password_hash),
    deletion_requested_at: c.deletion_requested_at ? new Date(c.deletion_requested_at).toISOString() : null,
  };
}

/** Where codes for the account itself go: the mobile on file, else the email. */
export const contactOf = (c: CustomerRow): string => {
  const to = c.mobile ?? c.email;
  if (!to) throw new BadRequest(ACCOUNT_MESSAGES.noContact);
  return to;
};

/** Where a proof of ownership goes: only a contact proven on the account (an unproven one may be someone else's). */
export const verifiedContactOf = (c: CustomerRow): string | null =>
  c.mobile && c.mobile_verified ? c.mobile : c.email && c.email_verified ? c.email : null;
