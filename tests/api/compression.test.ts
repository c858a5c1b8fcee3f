import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { API_COMPRESSION } from '../../server/http/compression.ts';
import { openTestDatabase } from '../helpers/app.ts';

// First load: hashed assets go out pre-compressed (brotli, else gzip) with a year's immutable cache; the page
// HTML (rendered by the not-found handler, which @fastify/compress never sees) is compressed too.
const script = `export const shell = ${JSON.stringify('x'.repeat(4000))};\n`;
const html = `<!doctype html><html><head><!--app-head--></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;

let app: FastifyInstance;
let close: () => Promise<void>;
let clientDir: string;

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'kasrat-compression-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'index.html'), html);
  const file = path.join(clientDir, 'assets', 'shell-AbC123.js');
  writeFileSync(file, script);
  // The build's copies carry a marker, proving they are what is sent (not a per-request compression).
  writeFileSync(`${file}.br`, brotliCompressSync(`${script}// pre-compressed\n`));
  writeFileSync(`${file}.gz`, gzipSync(`${script}// pre-compressed\n`));
  const db = await openTestDatabase('pglite', { seed: false });
  close = db.close;
  app = await buildApp({ config: { NODE_ENV: 'test', LOG_LEVEL: 'silent' }, handle: db.handle, clientDir });
  // An answer built per request, as a product page's is (varied enough that each level compresses it differently).
  const words = ['whey', 'isolate', 'creatine', 'chocolate', 'vanilla', 'mango', 'gainer', 'oats', 'peanut', 'omega', 'vegan', 'bar'];
  let x = 7;
  const next = () => (x = (x * 1103515245 + 12345) % 2147483648);
  const items = Array.from({ length: 120 }, (_, id) => ({
    id,
    name: Array.from({ length: 4 }, () => words[next() % words.length]).join(' '),
    price: next() % 500000,
  }));
  app.get('/api/test/built-per-request', async () => ({ items }));
});

afterAll(async () => {
  await app?.close();
  await close?.();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  app.inject({ method: 'GET', url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

test('a hashed asset is served pre-compressed: brotli first, then gzip, plain otherwise; cached for a year', async () => {
  const br = await get('/assets/shell-AbC123.js', 'gzip, deflate, br');
  expect(br.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(br.rawPayload).toString()).toBe(`${script}// pre-compressed\n`);
  expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  const gz = await get('/assets/shell-AbC123.js', 'gzip');
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gz.rawPayload).toString()).toBe(`${script}// pre-compressed\n`);
  const plain = await get('/assets/shell-AbC123.js');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe(script);
});

test('the page HTML is compressed for clients that accept it, never cached, and plain when refused', async () => {
  const br = await get('/about', 'gzip, deflate, br');
  expect(br.statusCode).toBe(200);
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers.vary).toMatch(/accept-encoding/i);
  expect(br.headers['cache-control']).toBe('no-cache');
  expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<div id="root"></div>');
  const gz = await get('/about', 'gzip, br;q=0');
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gz.rawPayload).toString()).toContain('<div id="root"></div>');
  const refused = await get('/about', 'gzip;q=0');
  expect(refused.headers['content-encoding']).toBeUndefined();
  expect(refused.body).toContain('<div id="root"></div>');
});

test('an API answer built per request is compressed per request at the light levels (gzip 3, Brotli 3)', async () => {
  const gz = await get('/api/test/built-per-request', 'gzip');
  expect(gz.headers['content-encoding']).toBe('gzip');
  const body = gunzipSync(gz.rawPayload);
  expect(JSON.parse(body.toString()).items).toHaveLength(120);
  expect(gz.rawPayload.length).toBe(gzipSync(body, { level: 3 }).length);
  expect(gz.rawPayload.length).not.toBe(gzipSync(body).length);
  const br = await get('/api/test/built-per-request', 'br');
  expect(br.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(br.rawPayload)).toEqual(body);
  expect(br.rawPayload.length).toBe(brotliCompressSync(body, API_COMPRESSION.brotliOptions).length);
  // @fastify/compress's own default is quality 4.
  expect(br.rawPayload.length).not.toBe(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length);
});
