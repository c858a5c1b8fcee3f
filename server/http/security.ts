import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DOCS_PREFIX } from './docs.ts';
import { AppError, BadRequest, Forbidden } from './errors.ts';
import { hostnameOf, readTarget } from './url.ts';

// Response headers and the cross-site request check (README "Security").

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route a third-party site posts to on purpose (a payment gateway's browser return): no Origin check. */
    crossSite?: boolean;
  }
}

/** Hosts outside this site that the store's pages hand the shopper to (the payment gateway's, by configuration). */
export interface CspSources {
  formAction: string[];
  scriptSrc: string[];
}
const NO_SOURCES: CspSources = { formAction: [], scriptSrc: [] };

interface NoncedResponse extends ServerResponse {
  scriptNonce?: string;
  /** Whether this app runs in production (its CSP then upgrades insecure requests). */
  productionCsp?: boolean;
  cspSources?: CspSources;
}

export const CROSS_SITE_REFUSED = 'This request came from another site and was refused.';

// The CSP: no inline script, except data blocks carrying the response's nonce (only HTML pages make one).
const cspDirectives = (production: boolean, scriptSrc: string, sources: CspSources) =>
  [
    "default-src 'self'",
    `script-src ${[scriptSrc, ...sources.scriptSrc].join(' ')}`,
    "script-src-attr 'none'",
    // vanilla-extract emits files; inline style attributes stay allowed for the development pages.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${["'self'", ...sources.formAction].join(' ')}`,
    "frame-ancestors 'none'",
    ...(production ? ['upgrade-insecure-requests'] : []),
  ].join(';');

/**
 * The per-response nonce that lets the page's own inline data blocks (JSON-LD, SSR data) past the CSP; the
 * response's CSP names it from then on.
 */
export function cspNonce(reply: FastifyReply): string {
  const res = reply.raw as NoncedResponse;
  if (!res.scriptNonce) {
    res.scriptNonce = randomBytes(16).toString('base64');
    reply.header(
      'content-security-policy',
      cspDirectives(res.productionCsp ?? false, `'self' 'nonce-${res.scriptNonce}'`, res.cspSources ?? NO_SOURCES),
    );
  }
  return res.scriptNonce;
}

export const MISDIRECTED = 'This site does not answer for that host name.';
export const BAD_TARGET = 'The address is not valid.';

// Host names any request may name whatever the configuration: a page on another domain that resolves to this
// machine (DNS rebinding) still sends its own name, so the loopback names reach nothing it could.
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The host names this site answers for: the loopback names, PUBLIC_ORIGIN's, and ALLOWED_HOSTS (comma-separated
 * names, for a development server reached by another name). Any other Host is refused before routing, so a
 * request's own origin (used where PUBLIC_ORIGIN is unset) is always one of these.
 */
export function allowedHosts(publicOrigin: string, env: NodeJS.ProcessEnv = process.env): Set<string> {
  const names = new Set(LOOPBACK_HOSTS);
  if (publicOrigin) names.add(new URL(publicOrigin).hostname.toLowerCase());
  for (const entry of (env.ALLOWED_HOSTS ?? '').split(',')) {
    const name = hostnameOf(entry.trim());
    if (name) names.add(name);
  }
  return names;
}

/** The origin browsers of this site send: PUBLIC_ORIGIN when configured, else the request's own. */
export function expectedOrigin(req: FastifyRequest, publicOrigin: string): string {
  return publicOrigin || `${req.protocol}://${req.host}`;
}

/** Whether a cookie set on this request should be `Secure`: the socket is TLS, or the public origin is https. */
export function secureCookies(req: FastifyRequest, publicOrigin = process.env.PUBLIC_ORIGIN ?? ''): boolean {
  return req.protocol === 'https' || publicOrigin.startsWith('https://');
}

/**
 * A browser request from another site: Sec-Fetch-Site says so, or (older browsers) its Origin is not ours.
 * Requests with neither header come from non-browser clients, which no other site can make a shopper send.
 */
export function isCrossSite(req: FastifyRequest, publicOrigin: string): boolean {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== '') return site !== 'same-origin' && site !== 'none';
  const origin = req.headers.origin;
  if (typeof origin !== 'string' || origin === '') return false;
  return origin !== expectedOrigin(req, publicOrigin);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The CSP of an API answer: a JSON document opened on its own runs, loads and frames nothing. */
export const API_CSP = "default-src 'none';frame-ancestors 'none'";

/** A call of the store's API (not the API reference under /api/docs, a set of pages and their files). */
export const isApiCall = (url: string): boolean => url.startsWith('/api/') && !API_REFERENCE.test(url);
const API_REFERENCE = new RegExp(`^${DOCS_PREFIX}(?:[/?]|$)`);

export async function registerSecurity(app: FastifyInstance, options: { production: boolean; publicOrigin: string; gateway?: CspSources }) {
  const { production, publicOrigin } = options;
  const sources = options.gateway ?? NO_SOURCES;
  const hosts = allowedHosts(publicOrigin);

  // RFC 9110, section 7.4: a Host (or an absolute request target's host) this site does not serve is misdirected; the
  // load balancer's health probe may name the machine's address instead.
  app.addHook('onRequest', async (req) => {
    let authority: string | null = null;
    if (!req.url.startsWith('/')) {
      const target = readTarget(req.url);
      if (!target) throw new BadRequest(BAD_TARGET);
      authority = target.authority;
      // Routed by its path already; from here on every hook reads the origin-form `/path?query`.
      req.raw.url = target.pathname + target.search;
    }
    if (req.url === '/api/health') return;
    const host = hostnameOf(req.host);
    if (host === null) throw new BadRequest('The Host header is not valid.');
    if (!hosts.has(host) || (authority !== null && !hosts.has(hostnameOf(authority) ?? ''))) throw new AppError(421, MISDIRECTED);
  });

  // CSRF: every state-changing request must come from this site (SameSite=Lax alone lets a same-site page and
  // top-level form posts through).
  app.addHook('onRequest', async (req) => {
    if (SAFE_METHODS.has(req.method) || req.routeOptions.config?.crossSite) return;
    if (isCrossSite(req, publicOrigin)) throw new Forbidden(CROSS_SITE_REFUSED);
  });

  // The headers helmet would set with these options, written once: building them per response (helmet's
  // middleware chain with a nonce function) took about 40 % of a catalogue answer's time (bench/catalogue.ts).
  const headers: Record<string, string> = {
    'content-security-policy': cspDirectives(production, "'self'", sources),
    // Google's sign-in page opens in the same tab; no popup needs a window reference.
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  // Answers under /api/ are read by the store's scripts, never shown as pages: the set OWASP's REST cheat sheet
  // asks of an API (nothing in one may run or load, nor be framed or read by another site), without the headers
  // that only a document uses, about 450 bytes lighter on every call. A page served under /api/ (the API
  // reference, the sandbox gateway's page, the development sign-in page) says which document headers it needs.
  const apiHeaders: Record<string, string> = {
    'content-security-policy': API_CSP,
    'cross-origin-resource-policy': 'same-origin',
    ...(production ? { 'strict-transport-security': headers['strict-transport-security'] as string } : {}),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
  app.addHook('onRequest', async (req, reply) => {
    (reply.raw as NoncedResponse).productionCsp = production;
    (reply.raw as NoncedResponse).cspSources = sources;
    reply.headers(isApiCall(req.url) ? apiHeaders : headers);
  });
}
