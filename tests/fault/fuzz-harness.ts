import fc from 'fast-check';
import type { FastifyInstance, HTTPMethods, InjectOptions, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { observeParses } from '../../server/http/validate.ts';
import { arbitraryFor, nastyString, toQueryString } from './zod-arbitrary.ts';

// The fuzzer behind tests/fault/fuzz.test.ts (a short run) and `npm run fuzz` (≥ 100,000 requests): every registered
// route, every HTTP method, bodies generated from the route's own zod schema, and the classic hostile inputs.
// The rule it checks: no request gets a 5xx (SPEC §7 / docs/architecture.md "API conventions": bad input is a clear 4xx, never a 500).

export interface Route {
  method: string;
  url: string;
  /** The zod schemas the route declares in its options, which Fastify validates the request with. */
  declared?: RouteSchemas;
}

export interface RouteSchemas {
  body?: z.ZodType;
  query?: z.ZodType;
}

export interface FuzzFailure {
  kind: string;
  method: string;
  url: string;
  status: number;
  payload: string;
  response: string;
}

export interface FuzzReport {
  sent: number;
  routes: number;
  routesCovered: number;
  routesWithSchema: number;
  /** Operations routes (/api/ops/…) reached signed in: a request of theirs by staff or the token got past the check. */
  opsRoutes: number;
  opsRoutesReached: number;
  byKind: Record<string, number>;
  failures: FuzzFailure[];
  /** 4xx answers whose body is not the { status: 0, message } envelope with a message. */
  unclear: FuzzFailure[];
}

const ALL_METHODS: HTTPMethods[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'];

/** Collects routes as the app registers them (pass as buildApp's onRoute). */
export function routeCollector() {
  const routes: Route[] = [];
  const onRoute = (route: RouteOptions) => {
    const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown };
    const declared: RouteSchemas = {};
    if (isZod(schema.body)) declared.body = schema.body;
    if (isZod(schema.querystring)) declared.query = schema.querystring;
    for (const method of [route.method].flat()) {
      // HEAD routes are Fastify's automatic twins of GET routes; the method sweep covers them.
      if (method !== 'HEAD') routes.push({ method, url: route.url, declared });
    }
  };
  return { routes, onRoute };
}

const isZod = (schema: unknown): schema is z.ZodType => typeof (schema as { safeParse?: unknown } | undefined)?.safeParse === 'function';
const routeKey = (r: Route) => `${r.method} ${r.url}`;
/** Percent-encodes a path segment; a lone surrogate becomes the bytes of invalid UTF-8, which servers must survive. */
const encodeSegment = (value: string): string =>
  value
    .split(/([\uD800-\uDFFF])/)
    .map((part) => (/^[\uD800-\uDFFF]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
const fillParams = (url: string, value: () => string) => url.replace(/:(\w+)/g, () => encodeSegment(value()));

/**
 * The schema each route reads its body and query with: the ones its options declare (Fastify validates with them,
 * docs/decisions/025), and for a route that declares neither (a form or multipart route parsing its own fields), by
 * sending one marked request (as a guest and signed in) and watching `parse` (server/http/validate.ts).
 */
export async function discoverSchemas(
  app: FastifyInstance,
  routes: Route[],
  cookieSets: () => string[],
  /** Runs after each route: a route may end the session (logout), and the next one needs it again. */
  afterEach: () => Promise<void> = async () => {},
): Promise<Map<string, RouteSchemas>> {
  const found = new Map<string, RouteSchemas>();
  let current: RouteSchemas | null = null;
  observeParses((schema, input) => {
    if (!current || !input || typeof input !== 'object') return;
    if ('__fuzz_body' in input) current.body ??= schema;
    else if ('__fuzz_query' in input) current.query ??= schema;
  });
  try {
    for (const route of routes) {
      if (route.declared?.body || route.declared?.query) {
        found.set(routeKey(route), route.declared);
        continue;
      }
      const schemas: RouteSchemas = {};
      for (const cookie of cookieSets()) {
        current = schemas;
        const url = `${fillParams(route.url, () => '1')}?__fuzz_query=1`;
        await app.inject({
          method: route.method as HTTPMethods,
          url,
          headers: cookie ? { cookie } : {},
          ...(route.method === 'GET' ? {} : { payload: { __fuzz_body: 1 } }),
        });
      }
      current = null;
      await afterEach();
      if (schemas.body || schemas.query) found.set(routeKey(route), schemas);
    }
  } finally {
    observeParses(null);
  }
  return found;
}

const MALFORMED_JSON = [
  '{',
  '}',
  '[',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  'nul',
  'undefined',
  'NaN',
  '{"a":1}}',
  '\uFEFF{"a":1}',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '"\\u0000"',
  '{"\\u0000":1}',
  '1e999999',
  '-',
  '[]',
  '""',
  'null',
  'true',
  '0',
  '{"a":1e309}',
  '\u0000',
];

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/octet-stream',
  'image/png',
  'application/json, text/plain',
  '',
];

/** Built once: the same few big payloads serve every request that needs one. */
const memo = <T>(make: () => T) => {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
};
const HUGE_BODIES = memo(() => [
  JSON.stringify({ a: 'x'.repeat(1_100_000) }),
  JSON.stringify({ a: 'x'.repeat(900_000) }),
  JSON.stringify(Array.from({ length: 100_000 }, (_, i) => i)),
  JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i]))),
]);
const DEEP_BODIES = memo(() =>
  [64, 1000, 20_000, 100_000].flatMap((depth) =>
    ['1', '"\\u0000"', '"x"'].flatMap((leaf) => [nested(depth, leaf, 'array'), nested(depth, leaf, 'object')]),
  ),
);

function nested(depth: number, leaf: string, kind: 'array' | 'object'): string {
  return kind === 'array' ? `${'['.repeat(depth)}${leaf}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`;
}

/** A NUL at a random depth inside an otherwise valid body. */
function nulAtDepth(base: unknown, depth: number): unknown {
  let leaf: unknown = 'x\u0000y';
  for (let i = 0; i < depth; i++) leaf = i % 2 ? [leaf] : { k: leaf };
  return base && typeof base === 'object' && !Array.isArray(base) ? { ...base, deep: leaf } : leaf;
}

type Generator = (route: Route, schemas: RouteSchemas | undefined, rng: () => number) => { kind: string; request: InjectOptions };

/** Samples values from an arbitrary in blocks, deterministically from `seed`. */
function sampler<T>(arb: fc.Arbitrary<T>, seed: number) {
  let block: T[] = [];
  let round = 0;
  return (): T => {
    if (block.length === 0) block = fc.sample(arb, { numRuns: 64, seed: seed + round++ * 7919 });
    return block.pop() as T;
  };
}

export interface FuzzOptions {
  requests: number;
  seed?: number;
  /** Cookie headers of signed-in shoppers and staff; requests alternate between them and a guest. */
  cookies?: () => string[];
  /** The operations token: a quarter of the requests carry it (`authorization: Bearer …`). */
  opsToken?: string;
  /** Called every 1000 requests (progress, session refresh). */
  onProgress?: (sent: number) => Promise<void> | void;
}

export async function fuzz(
  app: FastifyInstance,
  routes: Route[],
  schemas: Map<string, RouteSchemas>,
  options: FuzzOptions,
): Promise<FuzzReport> {
  let state = (options.seed ?? 1) >>> 0 || 1;
  // xorshift32: deterministic, fast, good enough for picking.
  const rng = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T;

  const samplers = new Map<string, { body?: () => unknown; query?: () => unknown }>();
  const samplersFor = (route: Route, s: RouteSchemas | undefined) => {
    const key = routeKey(route);
    let entry = samplers.get(key);
    if (!entry) {
      const seed = (options.seed ?? 1) + samplers.size * 104_729;
      entry = {
        ...(s?.body ? { body: sampler(arbitraryFor(s.body), seed) } : {}),
        ...(s?.query ? { query: sampler(arbitraryFor(s.query), seed + 1) } : {}),
      };
      samplers.set(key, entry);
    }
    return entry;
  };
  const anyValue = sampler(fc.anything({ maxDepth: 4, withNullPrototype: false }), options.seed ?? 1);
  const nasty = sampler(nastyString, (options.seed ?? 1) + 3);
  const paramValue = () => pick(['1', '2', '0', '-1', '99999999999999999999', '1.5', 'abc', nasty(), '💪', '%', '..', '\u0000']);

  // A body sent as JSON, its text as given: valid, malformed, deep or huge.
  const jsonText = (route: Route, text: string, kind: string, query = ''): { kind: string; request: InjectOptions } => ({
    kind,
    request: {
      method: route.method as HTTPMethods,
      url: `${fillParams(route.url, paramValue)}${query ? `?${query}` : ''}`,
      headers: { 'content-type': 'application/json' },
      payload: text,
    },
  });
  const json = (route: Route, payload: unknown, kind: string, query = '') =>
    jsonText(route, JSON.stringify(payload) ?? 'null', kind, query);

  const generators: Array<[number, Generator]> = [
    [
      30,
      (route, s) => {
        const gen = samplersFor(route, s);
        const query = gen.query ? toQueryString(gen.query()) : '';
        if (route.method === 'GET' || route.method === 'DELETE' || !gen.body)
          return {
            kind: gen.query || gen.body ? 'schema' : 'random-query',
            request: {
              method: route.method as HTTPMethods,
              url: `${fillParams(route.url, paramValue)}?${query || toQueryString(anyValue())}`,
            },
          };
        return json(route, gen.body(), 'schema', query);
      },
    ],
    [8, (route) => json(route, anyValue(), 'random-json')],
    [
      6,
      (route, s) => {
        const gen = samplersFor(route, s);
        return json(route, nulAtDepth(gen.body ? gen.body() : {}, Math.floor(rng() * 200)), 'nul-at-depth');
      },
    ],
    [6, (route) => jsonText(route, pick(MALFORMED_JSON), 'malformed-json')],
    [2, (route) => jsonText(route, pick(DEEP_BODIES()), 'deep-nesting')],
    [1, (route) => jsonText(route, pick(HUGE_BODIES()), 'huge-body')],
    [
      6,
      (route, s) => {
        const gen = samplersFor(route, s);
        const contentType = pick(CONTENT_TYPES);
        const body = gen.body ? gen.body() : anyValue();
        return {
          kind: 'content-type',
          request: {
            method: route.method as HTTPMethods,
            url: fillParams(route.url, paramValue),
            headers: contentType ? { 'content-type': contentType } : {},
            payload: contentType.includes('urlencoded') ? toQueryString(body) || 'a=1' : (JSON.stringify(body) ?? 'x'),
          },
        };
      },
    ],
    [
      8,
      (route, s) => {
        const gen = samplersFor(route, s);
        const method = pick(ALL_METHODS);
        return {
          kind: 'method',
          request: {
            method,
            url: fillParams(route.url, paramValue),
            ...(method === 'GET' || method === 'HEAD'
              ? {}
              : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(gen.body ? gen.body() : {}) }),
          },
        };
      },
    ],
    [
      4,
      (route) => {
        const params = new URLSearchParams();
        for (let i = 0; i < 1 + Math.floor(rng() * 4); i++)
          params.append(pick(['q', 'id', 'product_id', 'page', 'pn', 'to', 'slug', nasty()]), nasty());
        return {
          kind: 'unicode-query',
          request: { method: route.method as HTTPMethods, url: `${fillParams(route.url, paramValue)}?${params}` },
        };
      },
    ],
    [
      1,
      (route) => ({
        kind: 'unknown-path',
        request: { method: pick(ALL_METHODS), url: `${route.url.replace(/\/[^/]*$/, '')}/${encodeSegment(nasty())}` },
      }),
    ],
  ];
  const totalWeight = generators.reduce((n, [w]) => n + w, 0);
  const choose = (): Generator => {
    let r = rng() * totalWeight;
    for (const [w, g] of generators) {
      r -= w;
      if (r < 0) return g;
    }
    return generators[0]?.[1] as Generator;
  };

  const report: FuzzReport = {
    sent: 0,
    routes: routes.length,
    routesCovered: 0,
    routesWithSchema: routes.filter((r) => schemas.has(routeKey(r))).length,
    opsRoutes: routes.filter((r) => r.url.startsWith('/api/ops/')).length,
    opsRoutesReached: 0,
    byKind: {},
    failures: [],
    unclear: [],
  };
  const covered = new Set<string>();
  const opsReached = new Set<string>();
  for (let i = 0; i < options.requests; i++) {
    const route = routes[i % routes.length] as Route;
    const { kind, request } = choose()(route, schemas.get(routeKey(route)), rng);
    const cookies = options.cookies?.() ?? [];
    // Who calls is drawn, not taken from i: a route's turn (i mod the route count) must not fix its caller.
    const cookie = rng() < 1 / 3 ? '' : cookies.length ? pick(cookies) : '';
    if (cookie) request.headers = { ...(request.headers ?? {}), cookie };
    const token = options.opsToken && rng() < 1 / 4;
    if (token) request.headers = { ...(request.headers ?? {}), authorization: `Bearer ${options.opsToken}` };
    request.headers = { ...(request.headers ?? {}), 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` };
    const res = await app.inject(request);
    report.sent++;
    report.byKind[kind] = (report.byKind[kind] ?? 0) + 1;
    covered.add(routeKey(route));
    if (
      route.url.startsWith('/api/ops/') &&
      (cookie || token) &&
      request.method === route.method &&
      kind !== 'unknown-path' &&
      res.statusCode !== 401 &&
      res.statusCode !== 403
    )
      opsReached.add(routeKey(route));
    const payload = typeof request.payload === 'string' ? request.payload : JSON.stringify(request.payload ?? '');
    const failure = () => ({
      kind,
      method: String(request.method),
      url: String(request.url).slice(0, 300),
      status: res.statusCode,
      payload: payload.slice(0, 300),
      response: res.body.slice(0, 300),
    });
    if (res.statusCode >= 500) report.failures.push(failure());
    else if (res.statusCode >= 400 && request.method !== 'HEAD' && String(request.url).startsWith('/api')) {
      // A page a link opens (the "this was not me" link of an account change) answers a titled HTML page; every
      // other call the JSON envelope with a message.
      const page = String(res.headers['content-type'] ?? '').startsWith('text/html') && /<title>[^<]+<\/title>/.test(res.body);
      const body = safeJson(res.body) as { status?: unknown; message?: unknown } | null;
      if (!page && (body?.status !== 0 || typeof body.message !== 'string' || body.message.length === 0)) report.unclear.push(failure());
    }
    if ((i + 1) % 1000 === 0) await options.onProgress?.(i + 1);
  }
  report.routesCovered = covered.size;
  report.opsRoutesReached = opsReached.size;
  return report;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
