import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createBrotliCompress, createGzip, constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { type Config, devToolsEnabled, siteOrigin, trustProxyOption } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { fail } from './http/envelope.ts';
import { GENERIC_ERROR } from '../schemas/common.ts';
import { API_COMPRESSION } from './http/compression.ts';
import { registerCaching } from './http/caching.ts';
import { registerAnswerCheck } from './http/answer-check.ts';
import { registerApiDocs } from './http/docs.ts';
import { idempotencyPlugin } from './http/idempotency.ts';
import { asAppError } from './http/errors.ts';
import { registerMetrics } from './http/metrics.ts';
import { isOps } from './http/ops.ts';
import { BAD_TARGET, expectedOrigin, registerSecurity } from './http/security.ts';
import { readTarget, urlOnOrigin } from './http/url.ts';
import {
  cspNonce,
  loadChunkManifest,
  loadServerRenderer,
  loadTemplate,
  type MetaResolver,
  type PageAddressCheck,
  renderPage,
  rendersShopperData,
  requestsDesktop,
} from './html.ts';
import { registerModules } from './modules/index.ts';
import { gatewayCspSources, readPaymentConfig } from './payments/index.ts';
import type { RenderTransport, RouteFacts, ServerRenderer } from '../schemas/server-render.ts';
import { MAX_UPLOAD_BYTES } from './modules/uploads/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metaResolvers: MetaResolver[];
    /** Modules' checks of their page addresses (canonical redirects, unknown items), run before a page renders. */
    pageAddressChecks: PageAddressCheck[];
    /** What the route table says of a page's address (src/app/routes.tsx); null when the server has no render entry. */
    routeFacts: (pathname: string) => RouteFacts | null;
  }
}

export interface AppOptions {
  config: Pick<Config, 'NODE_ENV' | 'LOG_LEVEL'> & Partial<Pick<Config, 'TRUST_PROXY' | 'PUBLIC_ORIGIN'>>;
  handle: DatabaseHandle;
  /** Built client (dist/client); null serves API only (tests, dev). */
  clientDir?: string | null;
  logger?: FastifyServerOptions['logger'];
  /** Sees every route as it is registered (the fuzzer and the authorisation suite read the routes this way). */
  onRoute?: (route: RouteOptions) => void;
  /** Tests: check every answer against its route's declared response schema and access (server/http/answer-check.ts). */
  checkAnswers?: boolean;
  /** The server-render entry; by default the one built beside `clientDir` (null when there is none). */
  renderer?: ServerRenderer | null;
  /**
   * The route table's answers where there is no render entry: tests, which build no client, pass the table's own
   * (`routeFacts` of src/app/routes.tsx), so page heads and statuses are the store's.
   */
  routeFacts?: (pathname: string) => RouteFacts;
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { handle, config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL },
    // SPEC §7: x-request-id on every request and log line; a well-formed incoming id is kept.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    // Client addresses (per-IP limits) come from x-forwarded-for only from trusted proxies (TRUST_PROXY).
    // Typed as one branch so Fastify's HTTP/1 overload is chosen; a function or an address list at run time.
    trustProxy: trustProxyOption(config.TRUST_PROXY ?? false) as boolean,
    // JSON bodies here are small; a cap keeps a flood of large bodies from filling memory (uploads set their own).
    bodyLimit: 262_144,
    // A malformed address (bad percent-encoding) is refused before routing: answer in the API envelope too.
    frameworkErrors: (error, _req, reply) => {
      const message = error.code === 'FST_ERR_BAD_URL' ? 'The address is not valid: bad percent-encoding.' : error.message;
      void (reply as unknown as import('fastify').FastifyReply).code(400).send(fail(message));
    },
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  // Canonical links, JSON-LD and the CSRF check use the configured origin, never a Host header (required in production).
  const publicOrigin = config.PUBLIC_ORIGIN || siteOrigin();
  // The CSP lets the store's pages hand the shopper to the configured payment gateway, and to nothing else.
  const gateway = gatewayCspSources(readPaymentConfig());
  await registerSecurity(app, { production: config.NODE_ENV === 'production', publicOrigin, gateway });
  await app.register(cookie);
  // Files arrive as multipart/form-data; each purpose caps its own size (modules/uploads), this is the ceiling.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 10, fields: 20, fieldSize: 64 * 1024, parts: 40 } });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'], ...API_COMPRESSION });
  registerCaching(app);
  if (options.checkAnswers) registerAnswerCheck(app);
  await registerMetrics(app, { handle });

  app.decorate('metaResolvers', [] as MetaResolver[]);
  app.decorate('pageAddressChecks', [] as PageAddressCheck[]);
  const clientDir = options.clientDir ?? null;
  const renderer = options.renderer !== undefined ? options.renderer : await loadServerRenderer(clientDir);
  const routeFacts = renderer?.routeFacts ?? options.routeFacts ?? null;
  app.decorate('routeFacts', (pathname: string) => routeFacts?.(pathname) ?? null);

  app.setErrorHandler((error, req, reply) => {
    const known = asAppError(error);
    if (known)
      return reply
        .code(known.httpStatus)
        .headers(known.headers ?? {})
        .send(fail(known.message, known.data));
    const err = error as { statusCode?: number; code?: string; message?: string };
    const status = err.statusCode ?? 500;
    if (status === 415 || err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return reply.code(400).send(fail('Unsupported content type: send a JSON body (application/json).'));
    if (status >= 400 && status < 500) {
      const message = err.code?.startsWith('FST_ERR_CTP') ? `Invalid request body: ${err.message}` : (err.message ?? 'Bad request');
      return reply.code(status).send(fail(message));
    }
    // PostgreSQL's "out of range" (22003): an id or number beyond what a column holds is the request's fault.
    if ((error as { code?: string }).code === '22003') return reply.code(400).send(fail('A number in the request is out of range.'));
    req.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(fail(GENERIC_ERROR));
  });

  // Before the modules: the document is built from the routes as they register.
  await registerApiDocs(app, { open: devToolsEnabled(), origin: publicOrigin });
  // Before the modules too: it declares the Idempotency-Key header of the routes that take one.
  await app.register(idempotencyPlugin, { db: handle.db });
  await registerModules(app, { handle });

  const template = loadTemplate(clientDir);
  const manifest = renderer ? loadChunkManifest(clientDir) : null;
  // The server render asks the API in-process, nothing crossing the network: as an anonymous shopper, so the HTML
  // is the same for everyone (its signed-in parts load in the browser), except on the pages that are the
  // shopper's own data (the cart), asked with the request's cookies.
  // SPEC §7: the calls carry the shopper's user agent and address (forwarded-for) when known, in-process too, so the
  // handlers see the shopper rather than the server rendering for them.
  const transportWith =
    (cookie: string | undefined, client: { userAgent?: string; ip: string }): RenderTransport =>
    async (apiUrl, init) => {
      const headers: Record<string, string> = { accept: 'application/json', 'x-forwarded-for': client.ip };
      if (client.userAgent) headers['user-agent'] = client.userAgent;
      if (cookie) headers.cookie = cookie;
      const res = await app.inject(
        init
          ? { method: 'POST', url: apiUrl, headers, remoteAddress: client.ip, payload: init.body as object }
          : { method: 'GET', url: apiUrl, headers, remoteAddress: client.ip },
      );
      return { status: res.statusCode, data: res.statusCode === 304 ? null : res.json() };
    };
  if (clientDir && existsSync(clientDir)) {
    // Source maps hold the original sources and comments: staff read them with the operations token (error reports),
    // anyone else gets the answer of a file that does not exist.
    app.addHook('onRequest', async (req, reply) => {
      // The route's own path (a static file's name), so no spelling of the address (`.m%61p`) gets past.
      if (SOURCE_MAP.test(req.routeOptions.url ?? req.url) && !isOps(req)) return reply.code(404).type('text/plain').send('Not found');
    });
    await app.register(fastifyStatic, {
      root: path.resolve(clientDir),
      index: false,
      wildcard: false,
      // The build writes .br / .gz beside each asset (vite.config.ts): served as is, never compressed per request.
      preCompressed: true,
      // Hashed assets never change; everything else revalidates.
      setHeaders: (reply, file) => {
        reply.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
      },
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    // The path is read as a path: `//host` or `/\\host` never replaces the origin (security.ts checked the Host).
    const target = readTarget(req.url);
    if (!target) return reply.code(400).send(fail(BAD_TARGET));
    const url = urlOnOrigin(expectedOrigin(req, publicOrigin), target);
    if (url.pathname.startsWith('/api/') || url.pathname === '/api')
      return reply.code(404).send(fail(`No such API call: ${req.method} ${url.pathname}`));
    if (req.method !== 'GET' && req.method !== 'HEAD') return reply.code(404).send(fail('Not found'));
    if (/\.[a-z0-9]{2,5}$/i.test(url.pathname)) return reply.code(404).type('text/plain').send('Not found');
    const facts = app.routeFacts(url.pathname);
    let notFound = false;
    // The modules know their pages from the route table (server/html.ts PageAddress): without it, none is checked.
    if (facts)
      for (const check of app.pageAddressChecks) {
        const answer = await check({ pathname: url.pathname, query: url.searchParams, facts });
        if (!answer) continue;
        // Revalidated: a slug can change with the catalogue.
        if ('redirect' in answer) return reply.header('cache-control', 'no-cache').redirect(answer.redirect, 301);
        notFound = true;
        break;
      }
    const abort = new AbortController();
    reply.raw.once('close', () => abort.abort());
    const personal = rendersShopperData(facts);
    const transport = transportWith(personal ? req.headers.cookie : undefined, { userAgent: req.headers['user-agent'], ip: req.ip });
    const page = await renderPage(template, url, app.metaResolvers, {
      nonce: cspNonce(reply),
      notFound,
      facts,
      ssr: renderer ? { renderer, transport, personal, manifest, desktop: requestsDesktop(req.headers), signal: abort.signal } : null,
      onRenderError: (err) => req.log.error({ err, url: url.pathname }, 'server render failed; sent the shell'),
      onIncomplete: (missing) =>
        req.log.warn({ url: url.pathname, missing }, 'page rendered without some of its data; the browser loads it'),
    });
    // A page's loader sent the shopper elsewhere (the cart page's empty cart, SPEC §2). A personal render's answer
    // depends on the cookies: never stored, like its HTML (docs/decisions/010).
    if (page.redirect) return reply.header('cache-control', personal ? 'no-store' : 'no-cache').redirect(page.redirect, page.statusCode);
    reply
      .code(page.statusCode)
      .type('text/html; charset=utf-8')
      .header('cache-control', personal ? 'private, no-store' : 'no-cache')
      // The layout rendered depends on the viewport the request says it has (server/html.ts requestsDesktop).
      .header('vary', `accept-encoding, user-agent, sec-ch-ua-mobile${personal ? ', cookie' : ''}`);
    const body = Readable.from(documentChunks(page.parts));
    // @fastify/compress only hooks routes, never this handler: the page HTML is compressed here, as it streams.
    const accepted = acceptedEncodings(req.headers['accept-encoding']);
    if (accepted.has('br')) return reply.header('content-encoding', 'br').send(body.pipe(createBrotliCompress(BROTLI_HTML)));
    if (accepted.has('gzip')) return reply.header('content-encoding', 'gzip').send(body.pipe(createGzip()));
    return reply.send(body);
  });

  return app;
}

const SOURCE_MAP = /\.map$/i;

const BROTLI_HTML = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } };

/** The document's parts in order: strings as they are, the app's markup as React streams it. */
async function* documentChunks(parts: readonly (string | Readable)[]): AsyncGenerator<string | Buffer> {
  for (const part of parts) {
    if (typeof part === 'string') yield part;
    else for await (const chunk of part) yield chunk as Buffer;
  }
}

/** Encodings the client accepts (an explicit q=0 refuses one). */
function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const list = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',');
  return new Set(list.filter((t) => !/;\s*q=0(\.0*)?\s*$/i.test(t)).map((t) => t.split(';')[0]?.trim().toLowerCase() ?? ''));
}
