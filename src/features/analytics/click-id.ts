// Meta's click id (Conversions API, "fbp and fbc Parameters"): an ad click lands with `?fbclid=…`; kept in the
// first-party `_fbc` cookie as fb.<subdomainIndex>.<creationTime ms>.<fbclid>, the server reads it with every later
// event, so a purchase pages after the landing still names the click even when the pixel is blocked.

import { consentState } from '../../../events/index.ts';

const FBC_DAYS = 90;

/** The `_fbc` cookie value for a landing URL's fbclid, or null when there is none or the cookie already holds it. */
export function clickIdCookie(search: string, cookies: string, nowMs: number): string | null {
  const fbclid = new URLSearchParams(search).get('fbclid');
  if (!fbclid || !/^[\w-]{1,500}$/.test(fbclid)) return null;
  const current = /(?:^|;\s*)_fbc=([^;]*)/.exec(cookies)?.[1];
  // The click id is case-sensitive and kept as received; a new click replaces an older one.
  if (current?.endsWith(`.${fbclid}`)) return null;
  return `fb.1.${nowMs}.${fbclid}`;
}

// A click that landed before the shopper allowed ad cookies, kept on this visit until they do (SPEC §4.8).
let pending: string | null = null;

/**
 * Writes `_fbc` when the page was reached from an ad click (subdomain index 1: the cookie is the site's own). It is an
 * advertising cookie: without `ad_storage` granted (SPEC §4.8) nothing is written and the click waits for the answer.
 */
export function rememberClickId(
  search: string,
  doc: Pick<Document, 'cookie'> = document,
  nowMs = Date.now(),
  granted = consentState().ad_storage === 'granted',
): void {
  const value = clickIdCookie(search, doc.cookie, nowMs);
  if (!value) return;
  if (!granted) {
    pending = search;
    return;
  }
  pending = null;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `_fbc=${value}; Max-Age=${FBC_DAYS * 86_400}; Path=/; SameSite=Lax${secure}`;
}

/** Once the shopper grants `ad_storage`, the click they landed with on this visit is kept after all. */
export function rememberPendingClickId(doc: Pick<Document, 'cookie'> = document, nowMs = Date.now()): void {
  if (pending) rememberClickId(pending, doc, nowMs, true);
}
