// One rule for every path the store sends a browser back to (the app's return path after sign-in, the
// development identity provider's redirect_uri): parsed as a URL the way browsers parse it, where a backslash is
// a slash and tabs and newlines vanish, so `/\evil.example` and `/<TAB>/evil.example` are the other site they are.
// Zod-free: the browser shell loads it.

const BASE = 'https://same-site.invalid';

/** The same-site path (path, query, fragment) a value names, or null when it names anything else. */
export function sameSitePath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2048 || !value.startsWith('/')) return null;
  // What a browser would silently rewrite is refused outright: the path followed must be the path written.
  for (const ch of value) if (ch === '\\' || ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
