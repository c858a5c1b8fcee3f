import { randomInt } from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';

// The request-target fuzzer (README "Security", one origin): request lines and Host headers written as a hostile
// client writes them — `//host`, `/\host`, absolute targets, odd hosts and ports — sent over a socket, because
// an HTTP client library would normalise them first. The rules: no 5xx, and no absolute address in an answer
// on any origin but the configured one.

/** A fresh seed for each run, or FUZZ_SEED to replay one (printed by every run). */
export function fuzzSeed(env: NodeJS.ProcessEnv = process.env): number {
  const given = Number(env.FUZZ_SEED);
  return Number.isInteger(given) && given > 0 ? given : randomInt(1, 2 ** 31);
}

/** Storefront pages (src/app/routes.tsx), a few with their parameters filled. */
const PAGES = [
  '/',
  '/brands',
  '/brand/optimum-nutrition',
  '/product-category/whey-protein',
  '/product/x/?pId=1',
  '/product/gold-standard-whey',
  '/search?q=whey',
  '/offers-coupons',
  '/sale/x',
  '/help-center/faq',
  '/importer/x',
  '/cart',
  '/logout',
  '/account/profile',
  '/x/reviews/pr/1',
  '/no-such-page',
  '/api/ping',
  '/api/seo/page-seo-meta?url=/',
];

const ODD_HOSTS = [
  'evil.example',
  'evil.example:443',
  '%3Cscript%3E',
  'a:99999',
  '[::1',
  'user@evil.example',
  'evil.example\\@www',
  '127.0.0.1:0',
  'xn--e1afmkfd.example',
  'EVIL.example.',
  '',
  ' ',
  '..',
  'a'.repeat(300),
];

export interface TargetFailure {
  target: string;
  host: string;
  status: number;
  why: string;
}

export interface TargetReport {
  sent: number;
  byStatus: Record<number, number>;
  failures: TargetFailure[];
}

function send(port: number, target: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(`GET ${target} HTTP/1.1\r\nHost: ${host}\r\nAccept-Encoding: identity\r\nConnection: close\r\n\r\n`),
    );
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (d) => (data += d));
    socket.on('end', () => {
      const [head = '', ...rest] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: rest.join('\r\n\r\n') });
    });
    socket.on('error', reject);
  });
}

/**
 * Sends `requests` hostile request lines to a listening app whose PUBLIC_ORIGIN is `origin`, drawn from `seed`.
 * `allowedHost` is a Host the app serves (half the requests use it, so the target itself is what is tried).
 */
export async function fuzzRequestTargets(
  app: FastifyInstance,
  options: { requests: number; seed: number; origin: string; allowedHost: string },
): Promise<TargetReport> {
  const { port } = app.server.address() as net.AddressInfo;
  let state = options.seed >>> 0 || 1;
  const rng = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T;
  const oddHost = () => pick(ODD_HOSTS);
  const ownHost = new URL(options.origin).host;
  const targets: Array<() => string> = [
    () => `//${oddHost()}${pick(PAGES)}`,
    () => `/\\${oddHost()}${pick(PAGES)}`,
    () => `/\\/${oddHost()}${pick(PAGES)}`,
    () => `/%2F${oddHost()}${pick(PAGES)}`,
    () => `/%5C${oddHost()}${pick(PAGES)}`,
    () => `${pick(['http', 'https', 'HTTP', 'ftp', 'javascript'])}://${oddHost()}${pick(PAGES)}`,
    () => `https://${ownHost}${pick(PAGES)}`,
    () => `${pick(PAGES)}${pick(['', '/', '//', '/..', '/%2e%2e', '?next=//evil.example', '#x'])}`,
    () => pick(['*', 'evil.example', '/%', '/%zz', '/\t/evil.example', `/${'/'.repeat(1 + Math.floor(rng() * 5))}evil.example`]),
  ];
  const report: TargetReport = { sent: 0, byStatus: {}, failures: [] };
  const allowedOrigins = new Set([options.origin, 'https://schema.org']);
  for (let i = 0; i < options.requests; i++) {
    const target = pick(targets)();
    const host = rng() < 0.5 ? options.allowedHost : oddHost();
    const { status, body } = await send(port, target, host);
    report.sent++;
    report.byStatus[status] = (report.byStatus[status] ?? 0) + 1;
    if (!(status >= 200 && status < 500)) report.failures.push({ target, host, status, why: 'not a 2xx–4xx answer' });
    // A CSP nonce is base64 and may begin with "//": it names nothing, so it is left out of the scan.
    const scanned = body.replace(/\bnonce="[^"]*"/g, '');
    const foreign = (scanned.match(/(?:https?:\/\/|"\/\/)[^/"\s<>\\]+/gi) ?? []).filter((u) => !allowedOrigins.has(u));
    if (foreign.length) report.failures.push({ target, host, status, why: `names another origin: ${foreign.slice(0, 3).join(' ')}` });
  }
  return report;
}
