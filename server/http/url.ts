// Every URL the server reads from a request goes through here (README "Security"): a request path is read as a
// path on this site, never as a URL that could name another host, and what cannot be parsed is refused (null),
// so the caller answers 400 instead of a `new URL` throwing into a 500.

/** A host no request can name: a path is resolved against it, so only its path and query are kept. */
const PATH_BASE = 'http://path.invalid';

/** `new URL(input, base)`, or null when it cannot be parsed. */
export function parseUrl(input: string, base?: string): URL | null {
  try {
    return base === undefined ? new URL(input) : new URL(input, base);
  } catch {
    return null;
  }
}

export interface RequestTarget {
  /** The path as the request wrote it (`//x` and `/\x` stay paths on this site). */
  pathname: string;
  /** The query with its `?`, or ''. */
  search: string;
  searchParams: URLSearchParams;
  /** The host an absolute target names (RFC 9112, section 3.2.2), else null. */
  authority: string | null;
}

/**
 * A request target (the request line's, or a path a client sends in a query) read as a path on this site:
 * origin-form (`/a?b`) is appended to a fixed base, so `//evil.example` or `/\evil.example` is a path and never a
 * host; absolute-form (`https://host/a`) gives its path and names its host for the caller to check. Anything
 * else (`*`, `evil.example`, an unparsable URL) is null.
 */
export function readTarget(target: string): RequestTarget | null {
  let url: URL | null;
  let authority: string | null = null;
  if (target.startsWith('/')) {
    url = parseUrl(PATH_BASE + target);
    if (!url || url.origin !== PATH_BASE) return null;
  } else if (/^https?:\/\//i.test(target)) {
    url = parseUrl(target);
    if (!url) return null;
    authority = url.host;
  } else return null;
  return { pathname: url.pathname, search: url.search, searchParams: url.searchParams, authority };
}

/** An absolute URL on `origin` for a target already read by `readTarget` (the origin is configuration, never input). */
export function urlOnOrigin(origin: string, target: Pick<RequestTarget, 'pathname' | 'search'>): URL {
  const url = new URL(origin);
  url.pathname = target.pathname;
  url.search = target.search;
  return url;
}

const HOST = /^(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9-]{0,62})(?:\.[a-z0-9](?:[a-z0-9-]{0,62}))*\.?)(?::(\d{1,5}))?$/i;

/** The host name of a Host header (`Example.com:3000` → `example.com`), or null when it is not a host. */
export function hostnameOf(host: string): string | null {
  const match = HOST.exec(host);
  if (!match) return null;
  if (match[1] !== undefined && Number(match[1]) > 65_535) return null;
  const name = host.slice(0, match[1] === undefined ? host.length : host.length - match[1].length - 1);
  return name.toLowerCase().replace(/\.$/, '');
}
