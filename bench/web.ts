// Web figures: gzipped JavaScript the home page loads first, and Lighthouse (mobile) scores for key pages.
// Needs a built app (dist/). Prints JSON: { home_js_gz_kb, lighthouse: { <page>: { performance, ... } } }.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error: a plain ES module of the repository's scripts, without type declarations
import { chunkTable, homeJsGzKb } from '../scripts/budgets.mjs';

const PORT = Number(process.env.BENCH_WEB_PORT ?? 3950);
const base = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);

// Production mode refuses to start without real messaging, payment and ops settings (none exist on a bench
// machine); the built assets and HTML served are the same without it, and no development tools are on.
function serverEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.NODE_ENV;
  delete env.KASRAT_DEV_TOOLS;
  return env;
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
  // The bundle report: every built chunk with its raw and gzipped size, committed beside results.json.
  mkdirSync('bench', { recursive: true });
  writeFileSync('bench/chunks.md', `# Built JavaScript chunks (\`npm run bench -- web\`)\n\n${chunkTable()}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kasrat-bench-web-'));
  const server = spawn('node', ['dist/server/main.js'], {
    env: serverEnv(dataDir),
    stdio: 'ignore',
  });
  try {
    await waitFor(`${base}/api/health`);
    const product = (await (await fetch(`${base}/api/search/product-search-listing?q=whey`)).json().catch(() => null)) as {
      data?: { hits?: Array<{ slug: string; pid: number; vid: number }> };
    } | null;
    const hit = product?.data?.hits?.[0];
    // Shopping pages (issue goal: every one measured); each the median of RUNS Lighthouse runs.
    const pages: Record<string, string> = { home: '/', listing: '/shop', search: '/search?q=whey', cart: '/cart' };
    if (hit) pages.product = `/product/${hit.slug}/?pId=${hit.pid}&vId=${hit.vid}`;
    const lighthouse: Record<string, Record<string, number>> = {};
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    for (const [name, p] of Object.entries(pages)) {
      const runs: Record<string, number>[] = [];
      for (let i = 0; i < RUNS; i++) {
        const out = path.join(dataDir, `${name}-${i}.json`);
        const profile = mkdtempSync(path.join(tmpdir(), 'kasrat-lh-'));
        const flags = `--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync --user-data-dir=${profile}`;
        const r = spawnSync(
          'npx',
          [
            '--no-install',
            'lighthouse',
            base + p,
            '--form-factor=mobile',
            '--only-categories=performance,accessibility,best-practices,seo',
            '--output=json',
            `--output-path=${out}`,
            '--quiet',
            `--chrome-flags=${flags}`,
          ],
          { env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' }, stdio: 'ignore', timeout: 120_000 },
        );
        rmSync(profile, { recursive: true, force: true });
        if (r.status !== 0) continue;
        const report = JSON.parse(readFileSync(out, 'utf8')) as {
          categories: Record<string, { score: number }>;
          audits: Record<string, { numericValue?: number }>;
        };
        const score = (k: string) => Math.round((report.categories[k]?.score ?? 0) * 100);
        const metric = (k: string, digits = 0) => Number((report.audits[k]?.numericValue ?? Number.NaN).toFixed(digits));
        runs.push({
          performance: score('performance'),
          accessibility: score('accessibility'),
          seo: score('seo'),
          best_practices: score('best-practices'),
          fcp_ms: metric('first-contentful-paint'),
          lcp_ms: metric('largest-contentful-paint'),
          tbt_ms: metric('total-blocking-time'),
          cls: metric('cumulative-layout-shift', 3),
        });
      }
      if (!runs.length) continue;
      lighthouse[name] = Object.fromEntries(
        ['performance', 'accessibility', 'seo', 'best_practices', 'fcp_ms', 'lcp_ms', 'tbt_ms', 'cls'].map((k) => [
          k,
          median(runs.map((r) => r[k] as number)),
        ]),
      );
      process.stderr.write(`lighthouse ${name}: ${JSON.stringify(lighthouse[name])} (median of ${runs.length})\n`);
    }
    result.lighthouse = lighthouse;
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(JSON.stringify(result));
}

await main();
