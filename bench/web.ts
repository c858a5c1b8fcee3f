// Web figures: gzipped JavaScript the home page loads first, and Lighthouse (mobile) scores for key pages.
// Needs a built app (dist/). Prints JSON: { home_js_gz_kb, lighthouse: { <page>: { performance, ... } } }.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const PORT = Number(process.env.BENCH_WEB_PORT ?? 3950);
const base = `http://127.0.0.1:${PORT}`;
const clientDir = 'dist/client';

function homeJsGzKb(): number {
  const html = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const m of html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)) files.add(m[1] as string);
  // The home route's own lazy chunk loads right after the shell.
  const manifestless = readFileSync(path.join(clientDir, [...files][0]?.slice(1) ?? ''), 'utf8');
  const home = /assets\/(Home-[\w-]+\.js)/.exec(manifestless)?.[1];
  if (home) files.add(`/assets/${home}`);
  let bytes = 0;
  for (const f of files) bytes += gzipSync(readFileSync(path.join(clientDir, f.slice(1)))).length;
  return Math.round((bytes / 1024) * 10) / 10;
}

async function waitFor(url: string, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not start at ${url}`);
}

async function main() {
  const result: Record<string, unknown> = { home_js_gz_kb: homeJsGzKb() };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kasrat-bench-web-'));
  const server = spawn('node', ['dist/server/main.js'], { env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' }, stdio: 'ignore' });
  try {
    await waitFor(`${base}/api/health`);
    const product = (await (await fetch(`${base}/api/search/product-search-listing?q=whey`)).json().catch(() => null)) as { data?: { hits?: Array<{ slug: string; pid: number; vid: number }> } } | null;
    const hit = product?.data?.hits?.[0];
    const pages: Record<string, string> = { home: '/', about: '/about', search: '/search?q=whey', brands: '/brands' };
    if (hit) pages.product = `/product/${hit.slug}/?pId=${hit.pid}&vId=${hit.vid}`;
    const lighthouse: Record<string, Record<string, number>> = {};
    for (const [name, p] of Object.entries(pages)) {
      const out = path.join(dataDir, `${name}.json`);
      const profile = mkdtempSync(path.join(tmpdir(), 'kasrat-lh-'));
      const flags = `--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync --user-data-dir=${profile}`;
      const r = spawnSync(
        'npx',
        ['--no-install', 'lighthouse', base + p, '--form-factor=mobile', '--only-categories=performance,accessibility,best-practices,seo', '--output=json', `--output-path=${out}`, '--quiet', `--chrome-flags=${flags}`],
        { env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' }, stdio: 'ignore', timeout: 120_000 },
      );
      rmSync(profile, { recursive: true, force: true });
      if (r.status !== 0) continue;
      const report = JSON.parse(readFileSync(out, 'utf8')) as { categories: Record<string, { score: number }> };
      const score = (k: string) => Math.round((report.categories[k]?.score ?? 0) * 100);
      lighthouse[name] = { performance: score('performance'), accessibility: score('accessibility'), seo: score('seo'), best_practices: score('best-practices') };
    }
    result.lighthouse = lighthouse;
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(JSON.stringify(result));
}

await main();
