// Size budgets (docs/architecture.md "bench/results.json keys": web.home_js_gz_kb, events.core_only_gz_bytes), checked
// by size only: `node scripts/budgets.mjs` after `npm run build` (npm test runs it), and used by the benchmarks.
//   - home initial JavaScript: the entry script, its modulepreloads and the home route's chunk, gzipped;
//   - the reporting core: events/ + providers/ as a page loads them (bus, pipeline, delivery; each provider
//     adapter, the local-data rules and the generated event check are chunks of their own behind
//     dynamic imports), gzipped, zod excluded.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Enforced ceilings. The home goal of 100 KB is met (≤ 90 KB the aim); the ceiling only ratchets down. Home: 96.1 KB
 * gz once the route table's module lists and the event context builder left the entry (docs/decisions/008), plus
 * 0.9 KB for what the shell gains before the next cut. The one step up, 97 to 98 KB: what the law puts on every page
 * (SPEC §4.8's Consent Mode default and "Cookie settings", the grievance officer in the footer) measured 97.7 KB.
 * The reporting core: 8 KB gz until every event carried the shopper's tracking consent and the pipeline held back
 * each provider that lacks it (SPEC §4.8); that stamp and gate live in the core by design, so it is 8.5 KB gz.
 */
export const BUDGETS = { homeJsGzKb: 98, reportingCoreGzBytes: 8.5 * 1024 };

const gz = (buf) => gzipSync(buf, { level: 9 }).length;

/** The home route's page module: its chunk loads right after the entry (the server names it, server/html.ts). */
export const HOME_PAGE = 'src/features/catalogue/pages/Home.tsx';

/** The JavaScript files the home page loads first (paths under dist/client). */
export function homeInitialFiles(clientDir = path.join(ROOT, 'dist/client')) {
  const html = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const files = new Set();
  for (const m of html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)) files.add(m[1].slice(1));
  // The home route's own lazy chunk loads right after the shell. The entry no longer names it (the route table's
  // module list is a chunk of its own, docs/decisions/008): the build's manifest does.
  const home = readManifest(clientDir)[HOME_PAGE]?.file;
  if (!home) throw new Error(`${HOME_PAGE} is not a chunk of the build`);
  files.add(home);
  return [...files];
}

export function homeJsGzKb(clientDir = path.join(ROOT, 'dist/client')) {
  const bytes = homeInitialFiles(clientDir).reduce((sum, f) => sum + gz(readFileSync(path.join(clientDir, f))), 0);
  return Math.round((bytes / 1024) * 10) / 10;
}

/** A markdown table of every built JavaScript chunk: raw and gzipped bytes, and whether home loads it first. */
export function chunkTable(clientDir = path.join(ROOT, 'dist/client')) {
  const first = new Set(homeInitialFiles(clientDir));
  const rows = readdirSync(path.join(clientDir, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => {
      const body = readFileSync(path.join(clientDir, 'assets', f));
      return { f: `assets/${f}`, raw: body.length, gz: gz(body) };
    })
    .sort((a, b) => b.gz - a.gz);
  const kb = (n) => (n / 1024).toFixed(1);
  const lines = ['| chunk | raw KB | gzip KB | home first load |', '|---|---:|---:|:---:|'];
  for (const r of rows)
    lines.push(`| ${r.f.replace(/-[\w-]{8}\.js$/, '.js')} | ${kb(r.raw)} | ${kb(r.gz)} | ${first.has(r.f) ? 'yes' : ''} |`);
  const total = rows.filter((r) => first.has(r.f)).reduce((s, r) => s + r.gz, 0);
  lines.push(`| **home first load (${first.size} files)** | | **${kb(total)}** | |`);
  return `${lines.join('\n')}\n`;
}

const readManifest = (clientDir) => JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8'));

/**
 * Pages that load full zod (docs/decisions/008: the browser parses no answers with it): the route modules of the
 * manifest whose static chunk graph holds zod's classic API, as the chunks' source maps tell.
 */
export function pagesLoadingZod(clientDir = path.join(ROOT, 'dist/client'), manifest = readManifest(clientDir)) {
  // Shared chunks (React DOM's map is megabytes) are in most pages' graphs: each map is read once.
  const known = new Map();
  const holdsZod = (key) => {
    if (!known.has(key)) {
      const map = path.join(clientDir, `${manifest[key].file}.map`);
      known.set(
        key,
        existsSync(map) && JSON.parse(readFileSync(map, 'utf8')).sources.some((s) => s.includes('node_modules/zod/v4/classic/')),
      );
    }
    return known.get(key);
  };
  const loadsZod = (key, seen = new Set()) => {
    if (seen.has(key)) return false;
    seen.add(key);
    return holdsZod(key) || (manifest[key].imports ?? []).some((k) => loadsZod(k, seen));
  };
  return Object.keys(manifest).filter((k) => (manifest[k].isEntry || manifest[k].isDynamicEntry) && loadsZod(k));
}

/**
 * Modules that must stay off the home first load (docs/decisions/008): the reporting pipeline and its adapters, the
 * event check and the context builder (loaded with the first event), the debug overlay, and the table of every route
 * module's chunks (the server names the hydrating page's).
 */
export const OFF_FIRST_LOAD = [
  'providers/',
  'events/check.generated.ts',
  'events/context.ts',
  'src/features/analytics/components/DebugOverlay.tsx',
  'src/app/page-modules.ts',
];

/**
 * The source modules of the home first load (its chunks' source maps, paths from the repository's root) that
 * {@link OFF_FIRST_LOAD} names, and whether the entry still lists the chunks of the other pages.
 */
export function firstLoadIntruders(clientDir = path.join(ROOT, 'dist/client')) {
  const files = homeInitialFiles(clientDir);
  const found = new Set();
  for (const f of files) {
    const map = path.join(clientDir, `${f}.map`);
    if (!existsSync(map)) continue;
    for (const s of JSON.parse(readFileSync(map, 'utf8')).sources) {
      const source = s.replace(/^(\.\.\/)+/, '');
      if (OFF_FIRST_LOAD.some((m) => (m.endsWith('/') ? source.startsWith(m) : source === m))) found.add(source);
    }
  }
  // A page chunk named by a first-load file other than the home page's own chunk: the route table's module lists.
  const home = readManifest(clientDir)[HOME_PAGE]?.file;
  const pages = Object.entries(readManifest(clientDir))
    .filter(([k, v]) => /^src\/features\/[\w-]+\/pages\//.test(k) && v.file !== home)
    .map(([, v]) => path.basename(v.file));
  for (const f of files.filter((x) => x !== home)) {
    const body = readFileSync(path.join(clientDir, f), 'utf8');
    const named = pages.filter((p) => body.includes(p)).length;
    if (named) found.add(`the chunk lists of ${named} other pages (${f})`);
  }
  return [...found].sort();
}

/**
 * The shopping pages Lighthouse measures and the checkout funnel: evaluating zod and the schemas built with it was
 * the longest task of the cart page (35–40 ms on a desktop, four times that on a phone).
 */
export const ZOD_FREE_PAGES = [
  'index.html',
  'src/features/catalogue/pages/Home.tsx',
  'src/features/catalogue/pages/Shop.tsx',
  'src/features/catalogue/pages/CategoryPage.tsx',
  'src/features/catalogue/pages/BrandPage.tsx',
  'src/features/catalogue/pages/Search.tsx',
  'src/features/catalogue/pages/ProductPage.tsx',
  'src/features/checkout/pages/Cart.tsx',
  'src/features/checkout/pages/SelectAddress.tsx',
  'src/features/checkout/pages/OrderConfirmation.tsx',
  'src/features/checkout/pages/Payment.tsx',
  'src/features/checkout/pages/PendingPayment.tsx',
  'src/features/checkout/pages/OrderSuccess.tsx',
  'src/features/checkout/pages/OrderFailed.tsx',
];

/** The reporting core's gzipped bytes as a page loads it (entry and its static imports, adapters excluded). */
export async function reportingCoreGzBytes() {
  const { build } = await import('esbuild');
  const out = await build({
    // Everything events/index.ts offers the app except the catalogue's zod schemas themselves: a production build
    // checks events with the predicate generated from them, loaded as its own chunk (events/bus.ts, decision 008).
    stdin: {
      contents: `export * from './providers/index.ts';
        export { emit, report, events$, setPageContext, setUserContext, currentContext, invalidEventCount, setStrictValidation,
          loadEventCheck, flushBeforeRedirect, classifyPage, loginSourcePage, sourceLabel } from './events/index.ts';`,
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    splitting: true,
    outdir: path.join(ROOT, 'bench/out/core'),
    absWorkingDir: ROOT,
    metafile: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    minify: true,
    external: ['zod'],
    // As the Vite build (vite.config.ts): app modules are free of import side effects, so the event check the bus
    // imports only outside production builds falls away (events/bus.ts).
    plugins: [
      {
        name: 'app-modules-side-effect-free',
        setup(b) {
          b.onResolve({ filter: /^\.{1,2}\/.*\.ts$/ }, (args) => ({ path: path.resolve(args.resolveDir, args.path), sideEffects: false }));
        },
      },
    ],
    // As the Vite production build: the event check is then a lazy chunk, not part of the core (events/bus.ts).
    define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env.PROD': 'true' },
    logLevel: 'silent',
  });
  const text = new Map(out.outputFiles.map((f) => [path.relative(ROOT, f.path), f.text]));
  const outputs = out.metafile.outputs;
  const entry = Object.keys(outputs).find((k) => outputs[k].entryPoint === '<stdin>');
  const seen = new Set();
  const walk = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const i of outputs[file].imports) if (i.kind === 'import-statement' && !i.external) walk(i.path);
  };
  walk(entry);
  const lazy = {};
  for (const file of Object.keys(outputs)) {
    if (seen.has(file) || !file.endsWith('.js')) continue;
    const inputs = Object.keys(outputs[file].inputs).filter((i) => i.startsWith('providers/'));
    lazy[inputs.map((i) => path.basename(i, '.ts')).join('+') || path.basename(file)] = gz(text.get(file) ?? '');
  }
  return { gz: [...seen].reduce((sum, f) => sum + gz(text.get(f) ?? ''), 0), lazy };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const failures = [];
  const core = await reportingCoreGzBytes();
  console.log(`reporting core: ${core.gz} B gz (budget ${BUDGETS.reportingCoreGzBytes})`);
  if (core.gz > BUDGETS.reportingCoreGzBytes) failures.push(`reporting core ${core.gz} B gz > ${BUDGETS.reportingCoreGzBytes}`);
  if (existsSync(path.join(ROOT, 'dist/client/index.html'))) {
    const home = homeJsGzKb();
    console.log(`home initial JS: ${home} KB gz (budget ${BUDGETS.homeJsGzKb})`);
    if (home > BUDGETS.homeJsGzKb) failures.push(`home initial JS ${home} KB gz > ${BUDGETS.homeJsGzKb}`);
    const clientDir = path.join(ROOT, 'dist/client');
    const intruders = firstLoadIntruders(clientDir);
    console.log(`kept off the home first load: ${intruders.length ? `no — ${intruders.join(', ')}` : 'yes'}`);
    for (const m of intruders) failures.push(`home first load holds ${m}`);
    const manifest = readManifest(clientDir);
    for (const p of ZOD_FREE_PAGES.filter((k) => !manifest[k])) failures.push(`${p} is not a chunk of the build`);
    const withZod = pagesLoadingZod(clientDir, manifest).filter((p) => ZOD_FREE_PAGES.includes(p));
    console.log(`shopping and checkout pages loading zod: ${withZod.length ? withZod.join(', ') : 'none'}`);
    for (const p of withZod) failures.push(`${p} loads zod`);
  } else failures.push('dist/client is missing: run npm run build first');
  for (const f of failures) console.error(`budget exceeded: ${f}`);
  process.exit(failures.length ? 1 : 0);
}
