import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, migrate, openDatabase } from '../../server/db/database.ts';
import { seed } from '../../server/db/seed/seed.ts';
import { readPaymentConfig, signSandboxCallback } from '../../server/payments/index.ts';
import { createShoppers, pincode, type Shopper } from '../api/checkout-fixtures.ts';
import { pricedVariants } from '../helpers/variants.ts';

// Sale day on several machines (docs/operations.md "Rehearsing a sale"): N store instances (server/main.ts, each its
// own process) on one PostgreSQL schema of their own, HAProxy in front of them rendered from the repository's
// template (ops/haproxy/kasrat.cfg.template), and shoppers on loopback who browse, search, cart and place orders
// (pay on delivery and the sandbox gateway) through the balancer, each from its own 127.x address. During the sale
// the instances are restarted one after another (SIGTERM, drain, start) and the database "restarts": the machine's
// PostgreSQL is shared, so the instances reach it through a TCP relay of the rehearsal's own, which is stopped
// (every connection cut, new ones refused) and started again. Everything is bounded in count and time.

const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROOT = path.resolve(import.meta.dirname, '../..');
/** More than the template's `inter 1s` × `fall 2`: the balancer has moved away before the instance stops accepting. */
const NOT_READY_MS = 3000;

export interface RehearsalOptions {
  instances: number;
  /** Shoppers set up; the sale stops when they are all served or at `timeLimitMs`. */
  shoppers: number;
  /** Shoppers served at least, even when the restarts are over sooner. */
  minShoppers: number;
  concurrency: number;
  rollingRestart: boolean;
  databaseRestart: boolean;
  /** Units of the one scarce product, which every third shopper also wants. */
  scarceStock: number;
  timeLimitMs: number;
  /** Run the sources through tsx rather than a bundle of them (bundleServer). */
  tsx?: boolean;
  log?: (...args: unknown[]) => void;
}

export interface CallRecord {
  what: string;
  status: number;
  retryAfter: boolean;
  at: number;
  ms: number;
  error?: string;
}

export interface RehearsalResult {
  instances: number;
  balancer: 'haproxy';
  shoppers_served: number;
  orders_acknowledged: number;
  seconds: number;
  orders_per_s: number;
  p50_ms: number;
  p99_ms: number;
  calls: number;
  rolling_restarts: number;
  /** Starts that ended before the instance was ready and were started again (the database was slow or away). */
  starts_again: number;
  rolling_failed_requests: number;
  db_restart_requests: number;
  db_restart_non_503: number;
  orders_lost: number;
  oversold: number;
  /** checkClientAddress: what the per-address sign-in limit answered through the balancer. */
  client_address: { spoofing: number[]; neighbour: number };
  failures: string[];
}

/** HAProxy from Debian's package: its path, or an error saying it is missing (scripts/system-packages.mjs installs it). */
export function haproxyBinary(): string {
  for (const candidate of ['/usr/sbin/haproxy', 'haproxy']) {
    const r = spawnSync(candidate, ['-v'], { encoding: 'utf8' });
    if (!r.error && r.status === 0) return candidate;
  }
  throw new Error(
    "HAProxy is not installed: the rehearsal needs Debian's haproxy package (`apt-get install haproxy`, done by scripts/system-packages.mjs).",
  );
}

/** A port nobody listens on now, chosen by the kernel. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A TCP relay to PostgreSQL (db-relay.mjs) that can be stopped (every connection cut, new ones refused) and started. */
export function databaseRelay(port: number, target = new URL(POSTGRES_URL)) {
  let child: ChildProcess | null = null;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const relay = spawn(
        process.execPath,
        [path.join(ROOT, 'tests/fault/db-relay.mjs'), String(port), target.hostname, target.port || '5432'],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      child = relay;
      relay.once('exit', (code) => reject(new Error(`the database relay exited (${code})`)));
      relay.stdout?.once('data', () => resolve());
    });
  const stop = async () => {
    const relay = child;
    child = null;
    if (!relay || relay.exitCode !== null) return;
    const exited = new Promise((r) => relay.once('exit', r));
    relay.kill('SIGKILL');
    await exited;
  };
  return { port, start, stop };
}

interface Instance {
  port: number;
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

/**
 * The server as `npm run build` bundles it (scripts/build-server.mjs), from the sources as they are, into a folder of
 * the rehearsal's own: one file starts in a second or two where the sources through tsx take many on a busy machine.
 */
export async function bundleServer(): Promise<string> {
  const { build } = await import('esbuild');
  const outfile = path.join(ROOT, 'dist/rehearsal', `main-${process.pid}.js`);
  await build({
    entryPoints: [path.join(ROOT, 'server/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return outfile;
}

function startInstance(port: number, env: Record<string, string>, entry: string | null): Instance {
  const args = entry ? [entry] : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      // Not production: the sandbox gateway is one of the sale's ways to pay (production refuses it).
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      CLIENT_DIR: '/nonexistent',
      KASRAT_DEV_TOOLS: '',
      // As docs/operations.md says for one balancer that appends the client's address.
      TRUST_PROXY: '1',
      // checkClientAddress: the per-address sign-in limit, small enough to reach.
      LOGIN_LIMIT_PER_IP: String(LOGIN_LIMIT),
      // Two cores shared with the shoppers: a start compiling its sources can miss the default 5 s connect timeout.
      DB_CONNECT_TIMEOUT_MS: '20000',
      SHUTDOWN_NOT_READY_MS: String(NOT_READY_MS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (d: Buffer) => {
    output.push(String(d));
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { port, child, output, exited };
}

async function get(url: string, timeoutMs = 2000): Promise<number> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function waitReady(instance: Instance): Promise<void> {
  let exited: number | null | undefined;
  void instance.exited.then((c) => {
    exited = c;
  });
  await waitUntil(
    async () => {
      if (exited !== undefined)
        throw new Error(`instance on ${instance.port} exited (${exited}):\n${instance.output.join('').slice(-3000)}`);
      return (await get(`http://127.0.0.1:${instance.port}/api/health/ready`)) === 200;
    },
    `the instance on port ${instance.port}`,
    180_000,
  );
}

/**
 * Starts an instance and waits until it is ready, starting it again when it exits first, as a process manager
 * does (a start that finds the database away ends with an error: docs/operations.md).
 */
async function launch(port: number, env: Record<string, string>, entry: string | null, starts: { again: number }): Promise<Instance> {
  for (let attempt = 1; ; attempt++) {
    const instance = startInstance(port, env, entry);
    try {
      await waitReady(instance);
      return instance;
    } catch (error) {
      if (instance.child.exitCode === null || attempt >= 4) throw error;
      starts.again++;
    }
  }
}

async function stopInstance(instance: Instance): Promise<number | null> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return instance.child.exitCode;
  instance.child.kill('SIGTERM');
  return instance.exited;
}

/** The repository's template with this rehearsal's addresses. */
export function renderHaproxyConfig(bind: string, servers: Array<{ name: string; port: number }>, errorsDir: string): string {
  const template = readFileSync(path.join(ROOT, 'ops/haproxy/kasrat.cfg.template'), 'utf8');
  return template
    .replace('{{BIND}}', bind)
    .replace('{{ERRORS}}', errorsDir)
    .replace('{{SERVERS}}', servers.map((s) => `    server ${s.name} 127.0.0.1:${s.port} check`).join('\n'));
}

export interface Balancer {
  port: number;
  stop(): Promise<void>;
}

export async function startBalancer(servers: Array<{ name: string; port: number }>): Promise<Balancer> {
  const binary = haproxyBinary();
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'kasrat-haproxy-'));
  const cfg = path.join(dir, 'haproxy.cfg');
  writeFileSync(cfg, renderHaproxyConfig(`127.0.0.1:${port}`, servers, path.join(ROOT, 'ops/haproxy')));
  const check = spawnSync(binary, ['-c', '-q', '-f', cfg], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`HAProxy refuses the rendered template:\n${check.stdout}${check.stderr}`);
  const child = spawn(binary, ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'pipe'] });
  if (process.env.REHEARSAL_DEBUG) child.stderr?.on('data', (d) => process.stderr.write(`[haproxy] ${d}`));
  let errors = '';
  child.stderr?.on('data', (d) => {
    errors = (errors + String(d)).slice(-4000);
  });
  const exited = new Promise((r) => child.once('exit', r));
  await waitUntil(
    async () => {
      if (child.exitCode !== null) throw new Error(`HAProxy exited:\n${errors}`);
      return (await get(`http://127.0.0.1:${port}/api/health/ready`)) === 200;
    },
    'HAProxy',
    30_000,
  );
  return {
    port,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One shopper's HTTP client: its own source address and cookie, through the balancer. */
function shopperClient(balancerPort: number, source: string, token: string, record: (c: CallRecord) => void) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = (method: string, url: string, body: string | null, headers: Record<string, string>, what: string) =>
    new Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders }>((resolve) => {
      const started = performance.now();
      const done = (status: number, text: string, h: http.IncomingHttpHeaders, error?: string) => {
        record({ what, status, retryAfter: Boolean(h['retry-after']), at: Date.now(), ms: performance.now() - started, error });
        resolve({ status, text, headers: h });
      };
      const req = http.request(
        {
          host: '127.0.0.1',
          port: balancerPort,
          localAddress: source,
          method,
          path: url,
          agent,
          timeout: 30_000,
          headers: { cookie: `ksid=${token}`, ...(body === null ? {} : { 'content-length': String(Buffer.byteLength(body)) }), ...headers },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d) => {
            text += d;
          });
          res.on('end', () => done(res.statusCode ?? 0, text, res.headers));
          res.on('error', (e) => done(0, '', {}, String(e)));
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (e) => done(0, '', {}, String(e)));
      if (body !== null) req.write(body);
      req.end();
    });
  /** A call as a shopper's app makes it: a 503 with Retry-After is waited out (bounded), anything else is final. */
  const call = async (method: string, url: string, body: string | null, headers: Record<string, string>, what: string) => {
    for (let attempt = 0; ; attempt++) {
      const res = await once(method, url, body, headers, what);
      if (res.status === 503 && res.headers['retry-after'] && attempt < 12) {
        await new Promise((r) => setTimeout(r, 1000));
        continue;
      }
      return res;
    }
  };
  return { call, close: () => agent.destroy() };
}

const LOGIN_LIMIT = 3;

/**
 * Through the balancer, with the instances' TRUST_PROXY as docs/operations.md says: one client (127.9.0.1) tries
 * five sign-ins, each with an X-Forwarded-For of its own invention, then another (127.9.0.2) tries one. The
 * limit must count the first client's real address (its fourth and fifth are refused, spoofing or not) and not the
 * balancer's (the neighbour is not refused).
 */
async function checkClientAddress(balancerPort: number): Promise<{ spoofing: number[]; neighbour: number }> {
  const login = (source: string, spoof: string, who: string) =>
    new Promise<number>((resolve) => {
      const body = JSON.stringify({ email_or_mobile: `${who}@kasrat.test`, customer_password: 'Whatever1' });
      const req = http.request(
        {
          host: '127.0.0.1',
          port: balancerPort,
          localAddress: source,
          method: 'POST',
          path: '/api/auth/login',
          headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'x-forwarded-for': spoof },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', () => resolve(0));
      req.end(body);
    });
  const spoofing: number[] = [];
  for (let i = 1; i <= LOGIN_LIMIT + 2; i++) spoofing.push(await login('127.9.0.1', `198.51.100.${i}`, `nobody${i}`));
  return { spoofing, neighbour: await login('127.9.0.2', '198.51.100.1', 'neighbour') };
}

const SEARCHES = ['whey', 'protein', 'creatine', 'gainer', 'bcaa', 'oats'];

interface Ack {
  orderNumber: string;
  customerId: number;
  method: 'cod' | 'sandbox';
}

export async function rehearse(options: RehearsalOptions): Promise<RehearsalResult> {
  const t0 = Date.now();
  const log = (...args: unknown[]) => options.log?.(`${((Date.now() - t0) / 1000).toFixed(1)}s`, ...args);
  haproxyBinary();
  const schema = `rehearsal_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: POSTGRES_URL });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE SCHEMA "${schema}"`);
  let handle: DatabaseHandle | null = null;
  const instances: Instance[] = [];
  let balancer: Balancer | null = null;
  const relay = databaseRelay(await freePort());
  let entry: string | null = null;
  try {
    handle = await openDatabase({ databaseUrl: POSTGRES_URL, schema });
    await migrate(handle.db);
    await seed(handle.db, { scale: 0 });
    const db = handle.db;
    const pin = await pincode(db, 'cod');
    const variants = await pricedVariants(db, 30_000, 150_000).limit(21).execute();
    const scarce = variants.pop();
    if (!scarce || variants.length < 5) throw new Error('the seeded catalogue has too few priced variants');
    await db
      .updateTable('variants')
      .set({ stock: 1_000_000 })
      .where(
        'id',
        'in',
        variants.map((v) => v.id),
      )
      .execute();
    await db.updateTable('variants').set({ stock: options.scarceStock }).where('id', '=', scarce.id).execute();
    const shoppers: Shopper[] = [];
    for (let done = 0; done < options.shoppers; done += 500)
      shoppers.push(...(await createShoppers(db, Math.min(500, options.shoppers - done), [], pin)));
    log(`${shoppers.length} shoppers, ${variants.length} products and one of ${options.scarceStock} units`);

    await relay.start();
    const url = new URL(POSTGRES_URL);
    url.port = String(relay.port);
    url.hostname = '127.0.0.1';
    url.searchParams.set('options', `-c search_path=${schema}`);
    const env = { DATABASE_URL: url.toString() };
    const ports = await Promise.all(Array.from({ length: options.instances }, () => freePort()));
    // The first migrates nothing (done above); all start at once.
    const starts = { again: 0 };
    entry = options.tsx ? null : await bundleServer();
    const server = entry;
    instances.push(...(await Promise.all(ports.map((port) => launch(port, env, server, starts)))));
    balancer = await startBalancer(ports.map((port, i) => ({ name: `store${i + 1}`, port })));
    log(`${options.instances} instances behind HAProxy on port ${balancer.port}`);

    // ---- the sale ----
    const calls: CallRecord[] = [];
    const acks: Ack[] = [];
    const failures: string[] = [];
    const record = (c: CallRecord) => {
      calls.push(c);
    };
    const secret = readPaymentConfig().SANDBOX_GATEWAY_SECRET;
    let chaosDone = !options.rollingRestart && !options.databaseRestart;
    let next = 0;
    const started = Date.now();
    const deadline = started + options.timeLimitMs;
    const balancerPort = balancer.port;

    const serve = async (i: number, shopper: Shopper) => {
      // 127.20.0.0/16 and up: one address per shopper, never the balancer's own 127.0.0.1.
      const source = `127.${20 + (i >> 16)}.${(i >> 8) & 255}.${i & 255 || 1}`;
      const client = shopperClient(balancerPort, source, shopper.token, record);
      const json = { 'content-type': 'application/json' };
      const fail = (what: string, res: { status: number; text: string }) => {
        if (failures.length < 40) failures.push(`${what}: ${res.status} ${res.text.slice(0, 160)}`);
      };
      try {
        await client.call('GET', '/api/search/product-search-listing?per_page=20', null, {}, 'browse');
        await client.call('GET', `/api/search/product-search-listing?q=${SEARCHES[i % SEARCHES.length]}&per_page=20`, null, {}, 'search');
        const product = variants[i % variants.length];
        const lines = [product?.id ?? 0, ...(i % 3 === 0 ? [scarce.id] : [])];
        for (const id of lines) {
          const res = await client.call('POST', '/api/cart/add-to-cart', JSON.stringify({ variant_id: id, quantity: 1 }), json, 'cart');
          // 422: the scarce product has run out, and the shopper is told so.
          if (res.status !== 200 && res.status !== 422) fail('add to cart', res);
        }
        const cod = i % 2 === 0;
        const key = `rehearsal-${schema}-${i}`;
        const body = cod ? { payment_method: 4, instrument: {} } : { payment_method: 1, instrument: { upi_app: 'BHIM' } };
        const placed = await client.call(
          'POST',
          '/api/payment/place-order',
          JSON.stringify(body),
          { ...json, 'idempotency-key': key },
          'order',
        );
        // The scarce product ran out between cart and order: the shopper is told so, nothing is placed.
        if ((placed.status === 409 || placed.status === 422) && /out of stock|sold out/i.test(placed.text)) return;
        if (placed.status !== 200) return fail('place order', placed);
        const data = JSON.parse(placed.text).data as { order_id: string; transaction: { redirect: { url: string } } | null };
        acks.push({ orderNumber: data.order_id, customerId: shopper.customerId, method: cod ? 'cod' : 'sandbox' });
        if (cod) return;
        const hosted = new URL(data.transaction?.redirect.url ?? '/', 'http://balancer');
        const page = await client.call('GET', `${hosted.pathname}${hosted.search}`, null, {}, 'gateway page');
        if (page.status !== 200) return fail('gateway page', page);
        const form = page.text.split('<form').find((f) => f.includes('value="failed"')) ?? '';
        const f = Object.fromEntries([...form.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
        const fields = signSandboxCallback(
          secret,
          { ref: f.ref ?? '', amount: Number(f.amount), instrument: 'upi:shopper@okaxis' },
          'success',
        );
        const back = await client.call(
          'POST',
          '/api/payment/sandbox/callback',
          new URLSearchParams(fields).toString(),
          { 'content-type': 'application/x-www-form-urlencoded' },
          'payment return',
        );
        if (back.status !== 303 || !String(back.headers.location).startsWith('/order-successfull/')) fail('payment return', back);
      } finally {
        client.close();
      }
    };
    const worker = async () => {
      while (Date.now() < deadline && next < shoppers.length && (!chaosDone || next < options.minShoppers)) {
        const i = next++;
        await serve(i, shoppers[i] as Shopper);
      }
    };

    // ---- the deploy and the database restart, during the sale ----
    let outage: { from: number; to: number } | null = null;
    let rolled = 0;
    const chaos = async () => {
      await new Promise((r) => setTimeout(r, 3000));
      if (options.rollingRestart)
        for (const [i, old] of instances.entries()) {
          const code = await stopInstance(old);
          if (code !== 0) failures.push(`instance on ${old.port} stopped with exit code ${code}`);
          instances[i] = await launch(old.port, env, server, starts);
          rolled++;
          log(`rolled instance ${i + 1} (port ${old.port})`);
          // The balancer's rise 2 × inter 1s puts it back in rotation.
          await new Promise((r) => setTimeout(r, 2500));
        }
      if (options.databaseRestart) {
        const from = Date.now();
        await relay.stop();
        log('database away');
        await new Promise((r) => setTimeout(r, 4000));
        await relay.start();
        log('database back');
        await Promise.all(instances.map(waitReady));
        await waitUntil(async () => (await get(`http://127.0.0.1:${balancerPort}/api/health/ready`)) === 200, 'the balancer', 30_000);
        // The balancer needs its rise count of good checks before it sends shoppers again.
        await new Promise((r) => setTimeout(r, 2500));
        outage = { from, to: Date.now() };
      }
      chaosDone = true;
    };
    await Promise.all([chaos(), ...Array.from({ length: options.concurrency }, worker)]);
    const seconds = (Date.now() - started) / 1000;
    const clientAddress = await checkClientAddress(balancerPort);
    await balancer.stop();
    balancer = null;

    // ---- what the shoppers saw ----
    const window = outage as { from: number; to: number } | null;
    const inOutage = (c: CallRecord) => window !== null && c.at >= window.from && c.at <= window.to;
    // A call fails when it errs, gets a 5xx, or a refusal other than "sold out" (409 at the order, 422 at the cart).
    const failed = (c: CallRecord) => c.status === 0 || c.status >= 500 || (c.status >= 400 && c.status !== 409 && c.status !== 422);
    const outside = calls.filter((c) => !inOutage(c));
    const during = calls.filter(inOutage);
    const rollingFailed = outside.filter(failed);
    const dbNon503 = during.filter((c) => failed(c) && !(c.status === 503 && c.retryAfter));
    for (const c of [...rollingFailed, ...dbNon503].slice(0, 20)) failures.push(`${c.what}: ${c.status} ${c.error ?? ''}`.trim());
    const ms = calls
      .filter((c) => !failed(c))
      .map((c) => c.ms)
      .sort((a, b) => a - b);
    const pct = (p: number) => Math.round(ms[Math.min(ms.length - 1, Math.floor((ms.length * p) / 100))] ?? 0);

    // ---- every acknowledged order present and whole ----
    await Promise.all(instances.map(stopInstance));
    const placed = await db
      .selectFrom('orders')
      .leftJoin('order_items', 'order_items.order_id', 'orders.id')
      .select((eb) => [
        'orders.order_number',
        'orders.customer_id',
        'orders.status',
        'orders.item_total',
        'orders.payment_method',
        eb.fn.count<string>('order_items.id').as('lines'),
        eb.fn.sum<string>(eb('order_items.quantity', '*', eb.ref('order_items.sale_price'))).as('lines_total'),
      ])
      .where('orders.order_number', 'in', acks.length ? acks.map((a) => a.orderNumber) : ['-'])
      .groupBy('orders.id')
      .execute();
    const byNumber = new Map(placed.map((o) => [o.order_number, o]));
    let lost = 0;
    for (const ack of acks) {
      const o = byNumber.get(ack.orderNumber);
      const whole =
        o &&
        o.customer_id === ack.customerId &&
        Number(o.lines) > 0 &&
        Number(o.lines_total) === o.item_total &&
        (ack.method === 'cod' ? o.payment_method === 4 : o.status === 'placed');
      if (!whole) {
        lost++;
        if (failures.length < 60) failures.push(`order ${ack.orderNumber} (${ack.method}) not whole: ${JSON.stringify(o ?? null)}`);
      }
    }
    const sold = await db
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .select((eb) => eb.fn.sum<string>('order_items.quantity').as('n'))
      .where('order_items.variant_id', '=', scarce.id)
      .where('orders.status', 'not in', ['cancelled', 'expired'])
      .executeTakeFirstOrThrow();
    const left = await db.selectFrom('variants').select('stock').where('id', '=', scarce.id).executeTakeFirstOrThrow();
    const oversold = Math.max(0, Number(sold.n ?? 0) - options.scarceStock) + Math.max(0, -left.stock);

    return {
      instances: options.instances,
      balancer: 'haproxy',
      shoppers_served: next,
      orders_acknowledged: acks.length,
      seconds: Number(seconds.toFixed(1)),
      orders_per_s: Number((acks.length / seconds).toFixed(1)),
      p50_ms: pct(50),
      p99_ms: pct(99),
      calls: calls.length,
      rolling_restarts: rolled,
      starts_again: starts.again,
      rolling_failed_requests: rollingFailed.length,
      db_restart_requests: during.length,
      db_restart_non_503: dbNon503.length,
      orders_lost: lost,
      oversold,
      client_address: clientAddress,
      failures,
    };
  } finally {
    await balancer?.stop();
    await Promise.all(instances.map(stopInstance));
    await relay.stop();
    if (entry) rmSync(entry, { force: true });
    await handle?.close();
    await admin(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  }
}
