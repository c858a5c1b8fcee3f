// Meta's click id (Conversions API, "fbp and fbc Parameters"): an ad click lands with `?fbclid=…`; kept in the
// first-party `_fbc` cookie as fb.<subdomainIndex>.<creationTime ms>.<fbclid>, the server reads it with every later
// event, so a purchase pages after the landing still names the click even when the pixel is blocked.

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

/** Writes `_fbc` when the page was reached from an ad click (subdomain index 1: the cookie is the site's own). */
export function rememberClickId(search: string, doc: Pick<Document, 'cookie'> = document, nowMs = Date.now()): void {
  const value = clickIdCookie(search, doc.cookie, nowMs);
  if (!value) return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `_fbc=${value}; Max-Age=${FBC_DAYS * 86_400}; Path=/; SameSite=Lax${secure}`;
}
