import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Forbidden } from './errors.ts';

// Response headers and the cross-site request check (README "Security").

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route a third-party site posts to on purpose (a payment gateway's browser return): no Origin check. */
    crossSite?: boolean;
  }
}

interface NoncedResponse extends ServerResponse {
  scriptNonce?: string;
}

export const CROSS_SITE_REFUSED = 'This request came from another site and was refused.';

/** The per-response nonce that lets the page's own inline data blocks (JSON-LD, SSR data) past the CSP. */
export function cspNonce(reply: FastifyReply): string {
  const res = reply.raw as NoncedResponse;
  res.scriptNonce ??= randomBytes(16).toString('base64');
  return res.scriptNonce;
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

export async function registerSecurity(app: FastifyInstance, options: { production: boolean; publicOrigin: string }) {
  const { production, publicOrigin } = options;

  // CSRF: every state-changing request must come from this site (SameSite=Lax alone lets a same-site page and
  // top-level form posts through).
  app.addHook('onRequest', async (req) => {
    if (SAFE_METHODS.has(req.method) || req.routeOptions.config?.crossSite) return;
    if (isCrossSite(req, publicOrigin)) throw new Forbidden(CROSS_SITE_REFUSED);
  });

  const nonceSource = (_req: IncomingMessage, res: ServerResponse) => {
    const r = res as NoncedResponse;
    r.scriptNonce ??= randomBytes(16).toString('base64');
    return `'nonce-${r.scriptNonce}'`;
  };
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        // No inline scripts: the app's own bundles, plus data blocks carrying this response's nonce.
        'script-src': ["'self'", nonceSource],
        'script-src-attr': ["'none'"],
        // vanilla-extract emits files; inline style attributes stay allowed for the development pages.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        ...(production ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    // Google's sign-in page opens in the same tab; no popup needs a window reference.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });
}
