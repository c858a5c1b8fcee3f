// Enforces the dependency rules of docs/architecture.md "Layout" (part of `npm run lint`):
// - top-level direction: schemas <- events <- providers, schemas <- machines, (schemas, events, machines,
//   providers) <- src, schemas <- server; tests/ may import anything, and a *.test.ts file may also use tests/helpers;
// - src/ may use only providers' public index (providers/index.ts); a test may look inside;
// - inside src/: app/ composes everything; a feature (src/features/<name>/) imports ui/, api/, the core folders and
//   another feature only through that feature's index.ts; ui/ and api/ import no feature and not app/; app/ reaches
//   a feature through its index.ts or one of its pages/ (the routes load pages lazily);
// - bare imports: schemas, events, providers and machines never import react or axios; server never imports a
//   browser-only package (react, react-dom, react-router-dom, axios), but for the email templates' React.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ALLOWED = {
  schemas: ['schemas'],
  events: ['schemas', 'events'],
  providers: ['schemas', 'events', 'providers'],
  machines: ['schemas', 'events', 'machines'],
  src: ['schemas', 'events', 'machines', 'providers', 'src'],
  server: ['schemas', 'server'],
  tests: ['schemas', 'events', 'machines', 'providers', 'src', 'server', 'tests', 'scripts'],
};
const TOP = Object.keys(ALLOWED);
const CORE_WITHOUT_BROWSER = ['schemas', 'events', 'providers', 'machines'];
const BROWSER_ONLY = /^(react|react-dom|react-router-dom|axios|@xstate\/react|@radix-ui\/.*)(\/.*)?$/;
// The one exception: transactional emails are React rendered to static HTML on the server
// (docs/decisions/022-transactional-messages.md), in their own folder, with React and react-dom/server only.
const EMAIL_TEMPLATES = /^server\/modules\/notifications\/templates\//;
const EMAIL_RENDERING = /^(react|react\/jsx-runtime|react-dom\/server)$/;

const importRe =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|(?:^|[\s;])import\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|vi\.mock\(\s*['"]([^'"]+)['"]/g;

/** Where a file sits: its top folder and, inside src/, its zone (app, ui, api, feature:<name>). */
function placeOf(rel) {
  const parts = rel.split('/');
  const top = parts[0];
  if (top !== 'src') return { top };
  if (parts[1] === 'features') return { top, zone: `feature:${parts[2]}`, feature: parts[2], rest: parts.slice(3).join('/') };
  if (parts.length === 2) return { top, zone: 'app' }; // src/main.tsx is the entry: part of app
  return { top, zone: parts[1] };
}

// A second public entry, kept out of index.ts so that what it pulls in stays out of the first load: the
// checkout funnel (XState machine) is used by the cart page only once a shopper is on it.
const SECONDARY_ENTRIES = { checkout: ['funnel.tsx'] };

/** Problems with one import of `from` (a repository-relative path) to `spec`; `dynamic` for import(). */
export function checkImport(from, spec) {
  const source = placeOf(from);
  const isTest = /\.test\.tsx?$/.test(from);
  if (!spec.startsWith('.')) {
    if (CORE_WITHOUT_BROWSER.includes(source.top) && BROWSER_ONLY.test(spec)) return `${source.top}/ may not import ${spec}`;
    if (source.top === 'server' && BROWSER_ONLY.test(spec) && !(EMAIL_TEMPLATES.test(from) && EMAIL_RENDERING.test(spec)))
      return `server/ may not import ${spec}`;
    return null;
  }
  const targetRel = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  const target = placeOf(targetRel);
  if (!TOP.includes(target.top)) return null;
  const allowed = [...ALLOWED[source.top], ...(isTest ? ['tests'] : [])];
  if (!allowed.includes(target.top)) return `${source.top}/ may not import ${target.top}/ (${spec})`;
  if (target.top === 'tests' && source.top !== 'tests' && !targetRel.startsWith('tests/helpers/'))
    return `a test beside the code may import only tests/helpers/ (${spec})`;
  if (source.top === 'src' && !isTest && target.top === 'providers' && targetRel !== 'providers/index.ts')
    return `src/ may import providers only through providers/index.ts (${spec})`;
  if (target.top !== 'src' || source.top === 'tests') {
    // tests/ may look inside a feature (a model test drives its pages and swaps its API calls), never the reverse.
    return null;
  }
  if (source.top !== 'src') return null;
  if (target.feature) {
    if (source.feature === target.feature) return null;
    if (source.zone === 'ui' || source.zone === 'api') return `${source.zone}/ may not import a feature (${spec})`;
    if (target.rest === 'index.ts' || SECONDARY_ENTRIES[target.feature]?.includes(target.rest)) return null;
    if (source.zone === 'app' && target.rest.startsWith('pages/')) return null;
    return `${source.zone} may import feature ${target.feature} only through its index.ts (${spec})`;
  }
  if (target.zone === 'app' && source.zone !== 'app') return `${source.zone} may not import app/ (${spec})`;
  if ((source.zone === 'ui' || source.zone === 'api') && target.zone !== source.zone && !(source.zone === 'ui' && target.zone === 'api'))
    return `${source.zone}/ may not import ${target.zone}/ (${spec})`;
  return null;
}

/** Every problem in the given files (paths relative to `root`). */
export function checkFiles(root, files) {
  const problems = [];
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const m of text.matchAll(importRe)) {
      const spec = m[1] ?? m[2] ?? m[3] ?? m[4];
      const problem = checkImport(file.split(path.sep).join('/'), spec);
      if (problem) problems.push(`${file}: ${problem}`);
    }
  }
  return problems;
}

export function listFiles(root) {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(path.join(root, dir))) {
      if (name === 'node_modules') continue;
      const p = path.join(dir, name);
      if (statSync(path.join(root, p)).isDirectory()) walk(p);
      else if (/\.(ts|tsx|mts)$/.test(name)) files.push(p);
    }
  };
  for (const top of TOP) {
    try {
      walk(top);
    } catch {
      // a fixture root may hold only some of the folders
    }
  }
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.cwd();
  const files = listFiles(root);
  const problems = checkFiles(root, files);
  if (problems.length) {
    console.error(`Import boundaries broken:\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log(`import boundaries ok (${files.length} files)`);
}
