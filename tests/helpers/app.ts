import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { type AppOptions, buildApp } from '../../server/app.ts';
import { type DatabaseHandle, migrate, openDatabase } from '../../server/db/database.ts';
import { seed } from '../../server/db/seed/seed.ts';
import type { RouteFacts } from '../../schemas/server-render.ts';

/**
 * The route table's answers (src/app/routes.tsx), which a built server reads from its render entry: the test apps
 * build no client, so they are handed the table itself. Loaded once, on the first app a suite builds.
 */
let tableFacts: Promise<(pathname: string) => RouteFacts> | null = null;
export const routeTableFacts = () => {
  tableFacts ??= Promise.all([import('../../src/app/routes.tsx'), import('../../src/app/route-facts.ts')]).then(
    ([table, read]) =>
      (pathname: string) =>
        read.routeFactsIn(table.routes, pathname),
  );
  return tableFacts;
};

// API integration tests run on both databases. Each PostgreSQL run is isolated in its own
// schema, dropped at the end. Without a PostgreSQL the PGlite leg runs alone, said plainly; REQUIRE_POSTGRES=1
// (set by .ci/run) turns that into a failure.
// The API suites use the development tools (demo customer, /api/dev/outbox, the development identity provider),
// exactly as `npm run dev` does.
process.env.KASRAT_DEV_TOOLS = '1';

export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const postgresUp = await postgresAnswers();
if (!postgresUp) {
  if (process.env.REQUIRE_POSTGRES === '1') throw new Error(`PostgreSQL does not answer at ${POSTGRES_URL}, and REQUIRE_POSTGRES=1`);
  console.warn(`[tests] PostgreSQL does not answer at ${POSTGRES_URL}: running the PGlite leg only.`);
}

export type Backend = 'pglite' | 'postgres';
export const BACKENDS: Backend[] = postgresUp ? ['pglite', 'postgres'] : ['pglite'];

export interface TestApp {
  app: FastifyInstance;
  handle: DatabaseHandle;
  backend: Backend;
  /** Cookie jar per "browser": inject requests carrying and collecting cookies. */
  agent(): Agent;
  close(): Promise<void>;
}

export interface Agent {
  cookies: Map<string, string>;
  request(opts: InjectOptions): Promise<import('light-my-request').Response>;
  get(url: string, headers?: Record<string, string>): Promise<import('light-my-request').Response>;
  post(url: string, body?: unknown, headers?: Record<string, string>): Promise<import('light-my-request').Response>;
}

/** Opens a fresh, migrated, seeded database of the given kind (its own schema on PostgreSQL). */
export async function openTestDatabase(backend: Backend, options: { scale?: number; seed?: boolean } = {}) {
  const schema = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const handle = await openDatabase(backend === 'postgres' ? { databaseUrl: POSTGRES_URL, schema } : {});
  await migrate(handle.db);
  if (options.seed !== false) await seed(handle.db, { scale: options.scale ?? 0 });
  const close = async () => {
    await handle.close();
    if (backend === 'postgres') {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  };
  return { handle, schema, close };
}

export async function createTestApp(
  backend: Backend,
  /** `logs`: the app logs everything (trace) to this stream, for suites that check what is logged. */
  /**
   * `routeTable: false`: no route table (every page address gets the shell), for the API-only runs of `npm run fuzz`,
   * whose plain Node runtime cannot load the table's style modules (vanilla-extract needs the Vite plugin).
   */
  options: { scale?: number; onRoute?: AppOptions['onRoute']; logs?: NodeJS.WritableStream; routeTable?: boolean } = {},
): Promise<TestApp> {
  const { handle, close } = await openTestDatabase(backend, options);
  const app = await buildApp({
    config: { NODE_ENV: 'test', LOG_LEVEL: options.logs ? 'trace' : 'silent', TRUST_PROXY: true },
    handle,
    clientDir: null,
    routeFacts: options.routeTable === false ? undefined : await routeTableFacts(),
    onRoute: options.onRoute,
    // Every answer checked against its route's declared response schema and access (docs/decisions/025).
    checkAnswers: true,
    ...(options.logs ? { logger: { level: 'trace', stream: options.logs } } : {}),
  });
  await app.ready();
  return {
    app,
    handle,
    backend,
    agent: () => createAgent(app),
    close: async () => {
      await app.close();
      await close();
    },
  };
}

/** A cookie-keeping client; pass another agent's `cookies` to be the same browser on another instance. */
export function createAgent(app: FastifyInstance, cookies: Map<string, string> = new Map()): Agent {
  const request = async (opts: InjectOptions) => {
    const cookieHeader = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await app.inject({ ...opts, headers: { ...(cookieHeader ? { cookie: cookieHeader } : {}), ...(opts.headers ?? {}) } });
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now()) || c.value === '';
      if (expired) cookies.delete(c.name);
      else cookies.set(c.name, c.value);
    }
    return res;
  };
  return {
    cookies,
    request,
    get: (url, headers) => request({ method: 'GET', url, headers }),
    post: (url, body, headers) => request({ method: 'POST', url, payload: body as InjectOptions['payload'], headers }),
  };
}

/** describe() once per database backend, with a fresh app for the block. */
export function describeBackends(
  name: string,
  fn: (ctx: () => TestApp) => void,
  options: { scale?: number; onRoute?: AppOptions['onRoute'] } = {},
) {
  describe.each(BACKENDS)(`${name} [%s]`, (backend) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(backend, options);
    });
    afterAll(async () => {
      await t?.close();
    });
    fn(() => t);
  });
}

/**
 * Two app instances on one PostgreSQL schema (docs/architecture.md "Growing past one machine"), and a `browser()` whose
 * requests a load balancer spreads over both: one cookie jar, two targets.
 */
export async function openTwoInstances() {
  const first = await openTestDatabase('postgres');
  const second = await openDatabase({ databaseUrl: POSTGRES_URL, schema: first.schema });
  const config = { NODE_ENV: 'test' as const, LOG_LEVEL: 'silent' as const, TRUST_PROXY: true };
  const routeFacts = await routeTableFacts();
  const a = await buildApp({ config, handle: first.handle, clientDir: null, routeFacts });
  const b = await buildApp({ config, handle: second, clientDir: null, routeFacts });
  await Promise.all([a.ready(), b.ready()]);
  const browser = () => {
    const onA = createAgent(a);
    return { onA, onB: createAgent(b, onA.cookies) };
  };
  const close = async () => {
    await a.close();
    await b.close();
    await second.close();
    await first.close();
  };
  return { a, b, handle: first.handle, browser, close };
}
