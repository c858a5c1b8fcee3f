import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// Catalogue answers (listings, search, product pages, menus, offers, sale and home sections) are the same for
// every shopper: they carry a validator and may sit in shared caches, but are revalidated on every use, because
// stock and prices change at any time (SPEC §7 calls re-fetch on each page visit) — a 304 saves the body, never
// the freshness. Anything personal (a preview, an answer that sets a cookie, an error) is left alone.

const PUBLIC_CATALOGUE = /^\/api\/(listing|search|product-details|product-brand|product|menu|seo|offers|sale|home)\//;
const PREVIEW = /preview/i;

export const CATALOGUE_CACHE_CONTROL = 'public, no-cache';
/**
 * What an API answer that states nothing else says: it may be the shopper's own (a profile, an order, a session
 * check), so no cache keeps it, shared or the browser's (OWASP REST cheat sheet; RFC 9111, section 5.2.2.5).
 */
export const PERSONAL_CACHE_CONTROL = 'private, no-store';
/** A shopper's private file: the browser may keep it, but asks each time (a signed-out browser gets no copy). */
export const PRIVATE_FILE_CACHE_CONTROL = 'private, no-cache';

/** True when the answer to this request is the same for every shopper. */
export function isPublicCatalogue(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const pathname = url.split('?', 1)[0] as string;
  return PUBLIC_CATALOGUE.test(pathname) && !PREVIEW.test(pathname);
}

// Cached answers are the same Buffer for every shopper (server/search/store.ts cachedJson): hashed once.
const tags = new WeakMap<Buffer, string>();

/** A weak validator of the body as serialised (before compression, so it holds for every encoding). */
export function etagOf(body: string | Buffer): string {
  if (typeof body === 'string') return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
  let tag = tags.get(body);
  if (!tag) {
    tag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
    tags.set(body, tag);
  }
  return tag;
}

// Answers drawn from one catalogue version are the same bytes: a route can name them by version and key instead of
// hashing them. The instance token keeps two servers' version counters apart (another server's tag is a miss).
const INSTANCE = randomBytes(6).toString('base64url');

/** A weak validator for an answer determined by the catalogue's version and `key` alone (no hashing). */
export function versionEtag(version: number, key: string): string {
  return `W/"${INSTANCE}.${version}.${key.replace(/[^\w.-]/g, '_')}"`;
}

/** If-None-Match holds the validator (a list, `*`, weak or strong alike: RFC 9110, section 13.1.2 weak comparison). */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

/**
 * Registers the onSend hooks; call before the modules register their routes (they must run before compression).
 * Every `/api` answer states its caching: the catalogue's as above, a route's own where it sets one (public
 * images, the app links), and otherwise `PERSONAL_CACHE_CONTROL` — errors and answers that set a cookie included.
 */
export function registerCaching(app: FastifyInstance): void {
  registerCatalogueCaching(app);
  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!reply.hasHeader('cache-control') && req.url.startsWith('/api/')) reply.header('cache-control', PERSONAL_CACHE_CONTROL);
    return payload;
  });
}

function registerCatalogueCaching(app: FastifyInstance): void {
  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode !== 200 || !isPublicCatalogue(req.method, req.url)) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.getHeader('set-cookie') !== undefined) return payload;
    // A route that sends pre-compressed bytes has already tagged the uncompressed body.
    const etag = (reply.getHeader('etag') as string | undefined) ?? etagOf(payload);
    reply.header('etag', etag).header('cache-control', CATALOGUE_CACHE_CONTROL);
    if (!matches(req.headers['if-none-match'], etag)) return payload;
    reply.code(304).removeHeader('content-type').removeHeader('content-length');
    return '';
  });
}
