import { Readable, Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ServerRenderer } from '../../schemas/server-render.ts';
import { buildApp } from '../../server/app.ts';
import * as entry from '../../src/app/server-render.tsx';
import { openTestDatabase } from '../helpers/app.ts';

// SPEC §7: the product calls forward the shopper's user agent and forwarded-for address when known, and their
// handlers read them (the request log names the viewer). The server render's calls run in-process (docs/decisions/010):
// they carry the page request's user agent and address too, not the server's own.

const UA = 'Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36';
const SHOPPER_IP = '203.0.113.9';

let db: Awaited<ReturnType<typeof openTestDatabase>>;
let app: FastifyInstance;
const lines: string[] = [];
const calls = ['/api/product/product-data?product_id=1', '/api/product/all-product-data?product_id=1', '/api/product/brand-data?b_id=1'];
/** The answers the render's in-process calls got. */
const rendered: number[] = [];

// The real route table, with a render entry that makes the product calls through the server's transport.
const renderer: ServerRenderer = {
  HYDRATION_STATE_ID: entry.HYDRATION_STATE_ID,
  routeFacts: entry.routeFacts,
  render: async (_url, options) => {
    for (const call of calls) rendered.push((await options.transport(call)).status);
    return { body: Readable.from(['<p>rendered</p>']), status: 200, redirect: null, state: {}, modules: [] };
  },
};

beforeAll(async () => {
  db = await openTestDatabase('pglite');
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({
    config: { NODE_ENV: 'test', LOG_LEVEL: 'trace', TRUST_PROXY: true },
    handle: db.handle,
    clientDir: null,
    renderer,
    logger: { level: 'trace', stream },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});
beforeEach(() => {
  lines.length = 0;
  rendered.length = 0;
});

/** The viewers the product calls logged. */
const viewers = () =>
  lines
    .map((l) => JSON.parse(l) as { msg?: string; call?: string; viewer?: { user_agent?: string; forwarded_for?: string; ip?: string } })
    .filter((l) => l.msg === 'product call')
    .map((l) => ({ call: l.call, ...l.viewer }));

test('a product call reads the user agent and forwarded-for it was sent with', async () => {
  for (const url of calls) {
    const res = await app.inject({ method: 'GET', url, headers: { 'user-agent': UA, 'x-forwarded-for': SHOPPER_IP } });
    expect(res.statusCode).toBe(200);
  }
  expect(viewers()).toEqual(
    ['product-data', 'all-product-data', 'brand-data'].map((call) => ({ call, user_agent: UA, forwarded_for: SHOPPER_IP, ip: SHOPPER_IP })),
  );
});

test('the server render calls in-process with the page request’s user agent and address', async () => {
  const page = await app.inject({ method: 'GET', url: '/about', headers: { 'user-agent': UA, 'x-forwarded-for': SHOPPER_IP } });
  expect(page.statusCode).toBe(200);
  expect(rendered).toEqual([200, 200, 200]);
  expect(viewers()).toEqual(
    ['product-data', 'all-product-data', 'brand-data'].map((call) => ({ call, user_agent: UA, forwarded_for: SHOPPER_IP, ip: SHOPPER_IP })),
  );
});

test('without a forwarded-for, the render forwards the address the request came from', async () => {
  const page = await app.inject({ method: 'GET', url: '/about', headers: { 'user-agent': UA }, remoteAddress: '198.51.100.4' });
  expect(page.statusCode).toBe(200);
  expect(viewers().map((v) => [v.forwarded_for, v.ip])).toEqual([
    ['198.51.100.4', '198.51.100.4'],
    ['198.51.100.4', '198.51.100.4'],
    ['198.51.100.4', '198.51.100.4'],
  ]);
});
