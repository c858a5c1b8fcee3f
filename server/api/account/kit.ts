import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.ts';
import { Conflict } from '../../http/errors.ts';
import { type CustomerRow, findCustomerById, isUniqueViolation } from '../../modules/auth/index.ts';
import { updateCustomer } from '../../modules/customers/index.ts';
import { endAllSessions } from '../../modules/session/index.ts';
import {
  markSessionOpenedByChange,
  maskedContact,
  recordAccountChange,
  type AccountDeps,
  contactOf,
  profileValues,
} from '../../modules/account/index.ts';

// Helpers the account's route files share, built once per registration from the account's services.

/** What the account calls share: the deletion grace period, the profile as saved, codes to the owner, contact changes. */
export function accountKit({ db, otp, config }: AccountDeps) {
  const graceMs = config.ACCOUNT_DELETION_GRACE_DAYS * 86_400_000;
  const reload = async (id: number) => profileValues((await findCustomerById(db, id))!);
  /** A code to the customer's own contact detail, for a change they must confirm. */
  const sendOwnOtp = async (req: FastifyRequest, customer: CustomerRow, purpose: 'password_change' | 'account_delete') => {
    const sent = await otp.send({ purpose, identifier: contactOf(customer), cCode: customer.c_code, customerId: customer.id, ip: req.ip });
    return ok(sent, `OTP sent to ${sent.sent_to}`);
  };
  /**
   * Stores a changed, proven email or mobile; one another account holds is a 409 with `taken`. A changed way in:
   * every session ends, this one continues in a fresh one.
   */
  const saveContact = async (
    req: FastifyRequest,
    reply: FastifyReply,
    before: CustomerRow,
    values: { email: string; email_verified: true } | { mobile: string; c_code: string; mobile_verified: true },
    taken: string,
  ) => {
    try {
      await updateCustomer(db, before.id, values);
    } catch (error) {
      if (isUniqueViolation(error)) throw new Conflict(taken);
      throw error;
    }
    const kind = 'email' in values ? 'email' : 'mobile';
    const detail =
      'email' in values
        ? `${maskedContact(before.email)} → ${maskedContact(values.email)}`
        : `${maskedContact(before.mobile)} → ${maskedContact(values.mobile)}`;
    const after = 'email' in values ? values.email : values.mobile;
    await recordAccountChange(db, req, {
      before,
      kind,
      detail,
      proof: 'owner proof and a code to the new contact',
      origin: originOf(req),
      after,
    });
    await endAllSessions(db, req, reply, before.id);
    await markSessionOpenedByChange(db, req);
  };
  const originOf = (req: FastifyRequest) => config.PUBLIC_ORIGIN || `${req.protocol}://${req.host}`;
  return { graceMs, reload, sendOwnOtp, saveContact, originOf };
}
