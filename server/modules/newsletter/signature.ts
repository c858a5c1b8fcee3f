import { createHmac, timingSafeEqual } from 'node:crypto';

// Unsubscribe links are signed, so nobody can unsubscribe someone else by typing their address.

export function unsubscribeToken(secret: string, email: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${email.toLowerCase()}`).digest('base64url');
}

export function verifyUnsubscribeToken(secret: string, email: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, email));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The link every marketing email carries (SPEC §7 unsubscribe-user is called by the page it opens). */
export function unsubscribeLink(origin: string, secret: string, email: string): string {
  const params = new URLSearchParams({ email: email.toLowerCase(), token: unsubscribeToken(secret, email) });
  return `${origin}/unsubscribe?${params}`;
}
