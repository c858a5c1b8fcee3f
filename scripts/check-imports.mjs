// Enforces the dependency rules of docs/architecture.md "Layout" (part of `npm run lint`):
// - top-level direction: schemas <- events <- providers, schemas <- machines, (schemas, events, machines,
//   providers) <- src, schemas <- server; tests/ may import anything, and a *.test.ts file may also use tests/helpers;
// - src/ may use only providers' public index (providers/index.ts); a test may look inside;
// - inside src/: app/ composes everything; a feature (src/features/<name>/) imports ui/, api/, the core folders and
//   another feature only through that feature's index.ts; ui/ and api/ import no feature and not app/; app/ reaches
//   a feature through its index.ts or one of its pages/ (the routes load pages lazily);
// - bare imports: schemas, events, providers and machines never import react or axios; server never imports a
//   browser-only package (react, react-dom, react-router-dom, axios), but for the email templates' React;
// - a server module (server/modules/<name>/) imports another module only through that module's index.ts;
// - three server layers (docs/decisions/029-three-server-layers.md): server/api over server/flows over
//   server/modules. A module imports neither a flow nor the api; a flow imports a module only through its
//   index.ts, and never the api; the api imports the flows only through server/flows/index.ts and a module only
//   through its index.ts. A test file is exempt;
// - a module registers no route and schedules no timer: those are the api's (checkModuleDuties, below);
// - no import cycle between files of server/, and no cycle between features of src/features/. Only imports that
//   load code count (`import type` is erased); a test file is not part of either graph;
// - a table is written only by its owner in server/db/owners.ts (checkWrites, below).
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
  /(?:^|[\s;])(?:import|export)\s([^'"]*?)from\s+['"]([^'"]+)['"]|(?:^|[\s;])import\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|vi\.mock\(\s*['"]([^'"]+)['"]/g;

/** Where a file sits: its top folder and, inside src/, its zone (app, ui, api, feature:<name>). */
function placeOf(rel) {
  const parts = rel.split('/');
  const top = parts[0];
  if (top === 'server' && parts[1] === 'modules' && parts.length > 3)
    return { top, layer: 'modules', module: parts[2], rest: parts.slice(3).join('/') };
  if (top === 'server' && (parts[1] === 'api' || parts[1] === 'flows') && parts.length > 2) return { top, layer: parts[1] };
  if (top !== 'src') return { top };
  if (parts[1] === 'features') return { top, zone: `feature:${parts[2]}`, feature: parts[2], rest: parts.slice(3).join('/') };
  if (parts.length === 2) return { top, zone: 'app' }; // src/main.tsx is the entry: part of app
  return { top, zone: parts[1] };
}

// A second public entry, kept out of index.ts so that what it pulls in stays out of the first load: the
// checkout funnel (XState machine) is used by the cart page only once a shopper is on it; the catalogue's page data
// (the home page's, which the landing page shows too) would otherwise join the shell's chunk, which imports index.ts.
const SECONDARY_ENTRIES = { checkout: ['funnel.tsx'], catalogue: ['resources.ts'] };

/** Problems with one import between the server layers (docs/decisions/029-three-server-layers.md), or null. */
function layerProblem(source, targetRel, target, spec) {
  if (!source.layer || !target.layer) return null;
  if (source.layer === 'modules') {
    if (target.layer === 'flows') return `a module may not import a flow: the api or a flow calls it (${spec})`;
    if (target.layer === 'api') return `a module may not import the api (${spec})`;
  }
  if (source.layer === 'flows') {
    if (target.layer === 'api') return `a flow may not import the api (${spec})`;
    if (target.layer === 'modules' && target.rest !== 'index.ts')
      return `a flow may import module ${target.module} only through its index.ts (${spec})`;
  }
  if (source.layer === 'api') {
    if (target.layer === 'flows' && targetRel !== 'server/flows/index.ts')
      return `the api may import the flows only through server/flows/index.ts (${spec})`;
    if (target.layer === 'modules' && target.rest !== 'index.ts')
      return `the api may import module ${target.module} only through its index.ts (${spec})`;
  }
  return null;
}

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
  if (source.module && target.module && source.module !== target.module && target.rest !== 'index.ts')
    return `server module ${source.module} may import module ${target.module} only through its index.ts (${spec})`;
  if (!isTest) {
    const layered = layerProblem(source, targetRel, target, spec);
    if (layered) return layered;
  }
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

/** Every import in one file's text: the specifier, and whether it loads code (not `import type`/`export type`). */
function importsOf(text) {
  const found = [];
  for (const m of text.matchAll(importRe)) {
    const clause = m[1];
    const spec = m[2] ?? m[3] ?? m[4] ?? m[5];
    // `import type { A }`, and `import { type A, type B }` where every name is a type, are erased by the compiler.
    const typeOnly =
      clause !== undefined && (/^type\s/.test(clause.trim()) || /^\{\s*(type\s+[\w$]+(\s+as\s+[\w$]+)?\s*,?\s*)+\}$/.test(clause.trim()));
    found.push({ spec, runtime: !typeOnly && m[5] === undefined });
  }
  return found;
}

/** A shortest cycle through `start` in `graph` (Map node -> Map next -> label), as a list of nodes ending at start. */
function cycleThrough(graph, start, members) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const node = queue.shift();
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const way = [start];
        for (let at = node; at !== start; at = previous.get(at)) way.unshift(at);
        return [start, ...way];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

/** The strongly connected parts of `graph` with more than one node (Tarjan), each as a Set. */
function tangles(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) === index.get(node)) {
      const part = new Set();
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        part.add(member);
      } while (member !== node);
      if (part.size > 1) found.push(part);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** One problem per cycle: the first node (by name) of each tangle, and a shortest way back to it. */
function cycleProblems(graph, explain) {
  return tangles(graph).map((part) => {
    const start = [...part].sort()[0];
    const path = cycleThrough(graph, start, part);
    const steps = path.slice(0, -1).map((node, i) => graph.get(node).get(path[i + 1]));
    return explain(path, steps);
  });
}

// Table ownership (docs/decisions/011-order-flows.md): `server/db/owners.ts` names the one area that writes each
// table. A file of server/ outside db/ (migrations and the seed build the schema) that writes a table through
// Kysely (insertInto, updateTable, deleteFrom, replaceInto, mergeInto) or raw SQL (INSERT INTO, UPDATE … SET,
// DELETE FROM) must sit in that table's owner; a flow owns no table and writes through module functions.
const WRITE_CALL = /\.(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*(?:(['"`])([A-Za-z_][\w]*)[^'"`]*\2|([^)'"`\s][^)]*))/g;
const WRITE_SQL =
  /\b(?:INSERT\s+INTO\s+([a-z_]\w*)|DELETE\s+FROM\s+([a-z_]\w*)|(?<!\b(?:DO|FOR|KEY)\s+)UPDATE\s+([a-z_]\w*)(?:\s+(?:AS\s+)?(?!SET\b)[a-z_]\w*)?\s+SET\b)/gi;

/**
 * The declaration in server/db/owners.ts, read as text (entries `table: 'writer',`): `owners` maps each table to
 * its owner, `also` to the one other writer a decision allows.
 */
export function readOwners(root) {
  let text = '';
  try {
    text = readFileSync(path.join(root, 'server/db/owners.ts'), 'utf8');
  } catch {
    // a fixture root without the declaration: every write is of an undeclared table
  }
  const entries = (section) => {
    const start = text.indexOf(`${section} = {`);
    if (start < 0) return new Map();
    const body = text.slice(start, text.indexOf('\n}', start));
    return new Map([...body.matchAll(/^\s*([a-z_]\w*):\s*'([^']+)'/gm)].map((m) => [m[1], m[2]]));
  };
  return { owners: entries('TABLE_OWNERS'), also: entries('ALSO_WRITTEN_BY') };
}

/** Blank out comment lines, keeping line numbers, so prose about an UPDATE is not read as one. */
function withoutComments(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .split('\n')
    .map((line) => (/^\s*\/\//.test(line) ? '' : line.replace(/(^|[^:'"`\\])\/\/(?![^'"`]*['"`]).*$/, '$1')))
    .join('\n');
}

const within = (rel, area) => rel === area || rel.startsWith(`${area}/`);

/** Problems with the table writes in one file (`rel` relative to the root), given the owner map. */
export function checkWrites(rel, text, { owners, also }) {
  if (!rel.startsWith('server/') || rel.startsWith('server/db/') || /\.test\.tsx?$/.test(rel)) return [];
  const code = withoutComments(text);
  const lineOf = (index) => code.slice(0, index).split('\n').length;
  const problems = [];
  const judge = (table, index) => {
    const owner = owners.get(table);
    const where = `${rel}:${lineOf(index)}`;
    if (!owner) problems.push(`${where}: writes table ${table}, which server/db/owners.ts does not declare`);
    else if (!within(rel, owner) && !(also.has(table) && within(rel, also.get(table))))
      problems.push(`${where}: writes table ${table}, owned by ${owner}`);
  };
  for (const m of code.matchAll(WRITE_CALL)) {
    if (m[3]) judge(m[3], m.index);
    else problems.push(`${rel}:${lineOf(m.index)}: ${m[1]}(${m[4].trim()}) names no table the check can read`);
  }
  for (const m of code.matchAll(WRITE_SQL)) judge((m[1] ?? m[2] ?? m[3]).toLowerCase(), m.index);
  return problems;
}

// The console's routes (server/api/ops/, docs/architecture.md "Operations") are HTTP only: they own no table, so
// they read a table, as they write one, through a function its owner exports. A Kysely query there (selectFrom) or
// a table read in raw SQL (FROM / JOIN inside a sql`` template) is reported with the owner to ask.
const READ_CALL = /\.selectFrom\(\s*(?:(['"`])([A-Za-z_]\w*)[^'"`]*\1|([^)'"`\s][^)]*))/g;
const SQL_TEMPLATE = /\bsql(?:<[^`]*?>)?`([^`]*)`/g;
const READ_SQL = /\b(?:FROM|JOIN)\s+([a-z_]\w*)/gi;
const READS_THROUGH_OWNERS = 'server/api/ops/';

/** Problems with the table reads in one file of server/api/ops/ (`rel` relative to the root), given the owner map. */
export function checkReads(rel, text, { owners }) {
  if (!rel.startsWith(READS_THROUGH_OWNERS) || /\.test\.tsx?$/.test(rel)) return [];
  const code = withoutComments(text);
  const lineOf = (index) => code.slice(0, index).split('\n').length;
  const problems = [];
  const judge = (table, index) => {
    const owner = owners.get(table);
    if (owner && within(rel, owner)) return;
    problems.push(
      `${rel}:${lineOf(index)}: reads table ${table}, ${owner ? `owned by ${owner}: call a function it exports` : 'which server/db/owners.ts does not declare'}`,
    );
  };
  for (const m of code.matchAll(READ_CALL)) {
    if (m[2]) judge(m[2], m.index);
    else problems.push(`${rel}:${lineOf(m.index)}: selectFrom(${m[3].trim()}) names no table the check can read`);
  }
  for (const t of code.matchAll(SQL_TEMPLATE))
    for (const m of t[1].matchAll(READ_SQL)) judge(m[1].toLowerCase(), t.index + t[0].indexOf(t[1]) + m.index);
  return problems;
}

// A module is a leaf that starts nothing (docs/decisions/029-three-server-layers.md): its HTTP routes and its timers
// belong to server/api/<domain>/, which calls the module's functions. In a file of server/modules/ (not a test),
// a typed route plugin (withTypeProvider), a route call on a path (`.get('/…'`, `.post<…>('/…'`, …, `.route({`),
// scheduleJob( or setInterval( is reported. Hooks (addHook) are no route: the staff and session modules' hooks stay.
const ROUTE_CALL = /\.(withTypeProvider)\b|\.(get|post|put|patch|delete|head|options|all)\s*(?:<[^>]*>)?\(\s*['"`]\/|\.(route)\(\s*\{/g;
const TIMER_CALL = /\b(scheduleJob|setInterval)\s*\(/g;

/** Problems with routes or timers in one file of server/modules/ (`rel` relative to the root). */
export function checkModuleDuties(rel, text) {
  if (!rel.startsWith('server/modules/') || /\.test\.tsx?$/.test(rel)) return [];
  const code = withoutComments(text);
  const lineOf = (index) => code.slice(0, index).split('\n').length;
  const problems = [];
  for (const m of code.matchAll(ROUTE_CALL))
    problems.push(`${rel}:${lineOf(m.index)}: a module registers no route (.${m[1] ?? m[2] ?? m[3]}): move it to server/api/<domain>/`);
  for (const m of code.matchAll(TIMER_CALL))
    problems.push(`${rel}:${lineOf(m.index)}: a module schedules no timer (${m[1]}): move it to server/api/<domain>/`);
  return problems;
}

/** Every problem in the given files (paths relative to `root`). */
export function checkFiles(root, files) {
  const problems = [];
  const serverGraph = new Map(); // file -> (imported file -> the importing file)
  const featureGraph = new Map(); // feature -> (imported feature -> the first file that imports it)
  const known = new Set(files.map((file) => file.split(path.sep).join('/')));
  const owners = readOwners(root);
  for (const file of files) {
    const rel = file.split(path.sep).join('/');
    const text = readFileSync(path.join(root, file), 'utf8');
    problems.push(...checkWrites(rel, text, owners));
    problems.push(...checkReads(rel, text, owners));
    problems.push(...checkModuleDuties(rel, text));
    const isTest = /\.test\.tsx?$/.test(rel);
    const source = placeOf(rel);
    for (const { spec, runtime } of importsOf(text)) {
      const problem = checkImport(rel, spec);
      if (problem) problems.push(`${file}: ${problem}`);
      if (!runtime || isTest || !spec.startsWith('.')) continue;
      const targetRel = path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec));
      const target = placeOf(targetRel);
      if (source.top === 'server' && target.top === 'server' && known.has(targetRel)) {
        if (!serverGraph.has(rel)) serverGraph.set(rel, new Map());
        serverGraph.get(rel).set(targetRel, rel);
      }
      if (source.feature && target.feature && source.feature !== target.feature) {
        if (!featureGraph.has(source.feature)) featureGraph.set(source.feature, new Map());
        const edges = featureGraph.get(source.feature);
        if (!edges.has(target.feature)) edges.set(target.feature, `${rel} imports ${spec}`);
      }
    }
  }
  problems.push(...cycleProblems(serverGraph, (cycle) => `import cycle in server/: ${cycle.join(' -> ')}`));
  problems.push(...cycleProblems(featureGraph, (cycle, steps) => `feature cycle: ${cycle.join(' -> ')} (${steps.join('; ')})`));
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
  const owners = readOwners(root);
  const problems = checkFiles(root, files);
  if (problems.length) {
    console.error(`Import boundaries or table ownership broken:\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log(`import boundaries ok (${files.length} files), table writes ok (${owners.owners.size} tables)`);
}
