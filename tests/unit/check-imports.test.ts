import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The import checker (part of `npm run lint`) run on small trees: each violating file must be reported, and the
// allowed shapes must pass.
const checker = path.resolve(import.meta.dirname, '../../scripts/check-imports.mjs');

function check(files: Record<string, string>): { code: number | null; output: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'kasrat-imports-'));
  try {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    const run = spawnSync(process.execPath, [checker], { cwd: root, encoding: 'utf8' });
    return { code: run.status, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const feature = {
  'src/features/cart/index.ts': "export { cartStore } from './store.ts';\n",
  'src/features/cart/store.ts': 'export const cartStore = 1;\n',
  'src/ui/Price.tsx': 'export const Price = 1;\n',
};

test('allowed shapes pass: a feature uses ui, another feature through its index, app loads pages', () => {
  const out = check({
    ...feature,
    'src/features/account/pages/Wishlist.tsx':
      "import { cartStore } from '../../cart/index.ts';\nimport { Price } from '../../../ui/Price.tsx';\n",
    'src/features/cart/pages/Cart.tsx': "import { cartStore } from '../store.ts';\n",
    'src/app/routes.tsx':
      "const p = () => import('../features/cart/pages/Cart.tsx');\nimport { cartStore } from '../features/cart/index.ts';\n",
    'providers/x.test.ts': "import { h } from '../tests/helpers/harness.ts';\n",
    'tests/helpers/harness.ts': 'export const h = 1;\n',
    'server/modules/notifications/templates/render.tsx':
      "import type { CSSProperties } from 'react';\nimport { renderToStaticMarkup } from 'react-dom/server';\n",
  });
  expect(out.output).toContain('import boundaries ok');
  expect(out.code).toBe(0);
});

test.each([
  [
    "a feature reaching into another feature's internals",
    'src/features/account/pages/W.tsx',
    "import { cartStore } from '../../cart/store.ts';",
    'only through its index.ts',
  ],
  [
    'ui importing a feature, even its index',
    'src/ui/Header.tsx',
    "import { cartStore } from '../features/cart/index.ts';",
    'ui/ may not import a feature',
  ],
  ['a feature importing app', 'src/features/cart/pages/C.tsx', "import { routes } from '../../../app/routes.tsx';", 'may not import app/'],
  ['src using a provider internal', 'src/features/cart/x.ts', "import { rules } from '../../../providers/rules.ts';", 'providers/index.ts'],
  ['a provider importing react', 'providers/pixel.ts', "import { useState } from 'react';", 'providers/ may not import react'],
  ['events importing axios', 'events/send.ts', "import axios from 'axios';", 'events/ may not import axios'],
  ['server importing src', 'server/x.ts', "import { Price } from '../src/ui/Price.tsx';", 'server/ may not import src/'],
  [
    'server importing react outside the email templates',
    'server/modules/orders/x.tsx',
    "import { useState } from 'react';",
    'server/ may not import react',
  ],
  [
    'an email template importing the browser renderer',
    'server/modules/notifications/templates/x.tsx',
    "import { createRoot } from 'react-dom/client';",
    'server/ may not import react-dom/client',
  ],
  [
    'a test in providers importing src',
    'providers/p.test.ts',
    "import { Price } from '../src/ui/Price.tsx';",
    'providers/ may not import src/',
  ],
])('%s is reported', (_name, file, line, message) => {
  const out = check({ ...feature, [file]: `${line}\n` });
  expect(out.code).toBe(1);
  expect(out.output).toContain(file);
  expect(out.output).toContain(message);
});

// Server modules: a module's index.ts is its only public surface, and files never import each other in a circle.
const serverModules = {
  'server/modules/auth/index.ts': "export { signIn } from './service.ts';\n",
  'server/modules/auth/service.ts': "import { readSession } from '../session/index.ts';\nexport const signIn = () => readSession;\n",
  'server/modules/session/index.ts': "export { readSession } from './service.ts';\n",
  'server/modules/session/service.ts': "import { sessionRow } from './queries.ts';\nexport const readSession = sessionRow;\n",
  'server/modules/session/queries.ts': 'export const sessionRow = 1;\n',
};

test('allowed server shapes pass: a module uses another through its index, a type-only import may point back', () => {
  const out = check({
    ...serverModules,
    'server/modules/session/types.ts': "import type { signIn } from '../auth/index.ts';\nexport type S = typeof signIn;\n",
    'server/modules/session/routes.ts': "import { type signIn } from '../auth/index.ts';\nexport type R = typeof signIn;\n",
    'server/flows/sign-in.ts': "import { readSession } from '../modules/session/index.ts';\nexport const f = readSession;\n",
    'server/modules/auth/service.test.ts': "import { signIn } from './index.ts';\nexport const t = signIn;\n",
  });
  expect(out.output).toContain('import boundaries ok');
  expect(out.code).toBe(0);
});

// The three server layers (docs/decisions/029-three-server-layers.md): api over flows over modules.
const layers = {
  ...serverModules,
  'server/flows/index.ts': "export { refund } from './refund.ts';\n",
  'server/flows/refund.ts': "import { readSession } from '../modules/session/index.ts';\nexport const refund = readSession;\n",
  'server/api/orders/index.ts':
    "import { refund } from '../../flows/index.ts';\nimport { signIn } from '../../modules/auth/index.ts';\nexport const api = [refund, signIn];\n",
  'server/api/orders/routes.ts': "import { api } from './index.ts';\nexport const routes = api;\n",
};

test('allowed layer shapes pass: the api uses flows and modules through their index, a flow a module through its index', () => {
  const out = check({
    ...layers,
    // A test beside a module may use a flow.
    'server/modules/session/service.test.ts': "import { refund } from '../../flows/refund.ts';\nexport const t = refund;\n",
  });
  expect(out.output).toContain('import boundaries ok');
  expect(out.code).toBe(0);
});

test.each([
  [
    'a module importing a flow',
    'server/modules/auth/timer.ts',
    "import { refund } from '../../flows/index.ts';",
    'a module may not import a flow',
  ],
  [
    "a module's index.ts passing a flow on",
    'server/modules/auth/index.ts',
    "export { refund } from '../../flows/refund.ts';",
    'a module may not import a flow',
  ],
  [
    "a module's route file importing a flow",
    'server/modules/staff/order-routes.ts',
    "import { refund } from '../../flows/refund.ts';",
    'a module may not import a flow',
  ],
  [
    'a module importing the api',
    'server/modules/auth/x.ts',
    "import { api } from '../../api/orders/index.ts';",
    'a module may not import the api',
  ],
  [
    "a flow reaching a module's private file",
    'server/flows/cancel.ts',
    "import { sessionRow } from '../modules/session/queries.ts';",
    'a flow may import module session only through its index.ts',
  ],
  [
    'a flow importing the api',
    'server/flows/cancel.ts',
    "import { routes } from '../api/orders/routes.ts';",
    'a flow may not import the api',
  ],
  [
    "the api reaching a flow's own file",
    'server/api/orders/ops.ts',
    "import { refund } from '../../flows/refund.ts';",
    'the api may import the flows only through server/flows/index.ts',
  ],
  [
    "the api reaching a module's private file",
    'server/api/orders/ops.ts',
    "import { sessionRow } from '../../modules/session/queries.ts';",
    'the api may import module session only through its index.ts',
  ],
])('%s is reported', (_what, file, line, message) => {
  const out = check({ ...layers, [file]: `${line}\nexport const x = 1;\n` });
  expect(out.code).toBe(1);
  expect(out.output).toContain(`${file}: ${message}`);
});

test('a deep import between server modules is reported', () => {
  const out = check({
    ...serverModules,
    'server/modules/auth/routes.ts': "import { sessionRow } from '../session/queries.ts';\nexport const r = sessionRow;\n",
  });
  expect(out.code).toBe(1);
  expect(out.output).toContain(
    'server/modules/auth/routes.ts: server module auth may import module session only through its index.ts (../session/queries.ts)',
  );
});

test('an import cycle between server files is reported with its path', () => {
  const out = check({
    ...serverModules,
    'server/modules/session/service.ts':
      "import { sessionRow } from './queries.ts';\nimport { signIn } from '../auth/index.ts';\nexport const readSession = [sessionRow, signIn];\n",
  });
  expect(out.code).toBe(1);
  expect(out.output).toContain(
    'import cycle in server/: server/modules/auth/index.ts -> server/modules/auth/service.ts -> server/modules/session/index.ts -> server/modules/session/service.ts -> server/modules/auth/index.ts',
  );
});

test('a cycle through a flow and a module is reported too', () => {
  const out = check({
    ...serverModules,
    'server/flows/sign-in.ts': "import { sessionRow } from '../modules/session/queries.ts';\nexport const f = sessionRow;\n",
    'server/modules/session/queries.ts': "import { f } from '../../flows/sign-in.ts';\nexport const sessionRow = f;\n",
  });
  expect(out.code).toBe(1);
  expect(out.output).toContain(
    'import cycle in server/: server/flows/sign-in.ts -> server/modules/session/queries.ts -> server/flows/sign-in.ts',
  );
});

test('a cycle between features is reported, naming the imports that make it', () => {
  const out = check({
    ...feature,
    'src/features/account/index.ts': "export { useAuth } from './auth.ts';\n",
    'src/features/account/auth.ts': 'export const useAuth = 1;\n',
    'src/features/account/pages/Wishlist.tsx': "import { cartStore } from '../../cart/index.ts';\nexport default cartStore;\n",
    'src/features/cart/store.ts': "import { useAuth } from '../account/index.ts';\nexport const cartStore = useAuth;\n",
  });
  expect(out.code).toBe(1);
  expect(out.output).toContain(
    'feature cycle: account -> cart -> account (src/features/account/pages/Wishlist.tsx imports ../../cart/index.ts; src/features/cart/store.ts imports ../account/index.ts)',
  );
});

test('a feature importing only types from a feature that imports it is no cycle', () => {
  const out = check({
    ...feature,
    'src/features/account/index.ts': "export type { Auth } from './auth.ts';\n",
    'src/features/account/auth.ts': 'export type Auth = 1;\n',
    'src/features/account/pages/Wishlist.tsx': "import { cartStore } from '../../cart/index.ts';\nexport default cartStore;\n",
    'src/features/cart/store.ts': "import type { Auth } from '../account/index.ts';\nexport const cartStore: Auth = 1;\n",
  });
  expect(out.output).toContain('import boundaries ok');
  expect(out.code).toBe(0);
});

// The console's routes read tables through their owners (docs/architecture.md "Operations"), as they write them.
const declared = {
  'server/db/owners.ts':
    "export const TABLE_OWNERS = {\n  coupons: 'server/modules/cart',\n  orders: 'server/modules/orders',\n} as const;\n",
};

test.each([
  ['a Kysely select', "db.selectFrom('coupons').selectAll()", 'coupons', 'server/modules/cart'],
  ['a Kysely select with an alias', "db.selectFrom('orders as o').select('o.id')", 'orders', 'server/modules/orders'],
  ['a lock for an edit', "db.selectFrom('coupons').selectAll().forUpdate()", 'coupons', 'server/modules/cart'],
  ['a raw SELECT', 'sql`SELECT count(*) FROM orders`', 'orders', 'server/modules/orders'],
  ['a raw JOIN', 'sql<number>`SELECT 1 FROM (VALUES (1)) v JOIN coupons c ON true`', 'coupons', 'server/modules/cart'],
])('%s in a console route is reported with file, line and the owner to ask', (_name, read, table, owner) => {
  const file = 'server/api/ops/coupon-routes.ts';
  const out = check({ ...declared, [file]: `export const x = 1;\nexport const r = (db) => ${read};\n` });
  expect(out.code).toBe(1);
  expect(out.output).toContain(`${file}:2: reads table ${table}, owned by ${owner}: call a function it exports`);
});

test('a console route reading an undeclared table, or through a query the check cannot name, is reported', () => {
  const out = check({
    ...declared,
    'server/api/ops/a.ts': "export const r = (db) => db.selectFrom('gift_cards').selectAll();\n",
    'server/api/ops/b.ts': 'export const r = (db, t) => db.selectFrom(t).selectAll();\n',
  });
  expect(out.code).toBe(1);
  expect(out.output).toContain('server/api/ops/a.ts:1: reads table gift_cards, which server/db/owners.ts does not declare');
  expect(out.output).toContain('server/api/ops/b.ts:1: selectFrom(t) names no table the check can read');
});

test("a console route calling the owner's functions passes, as do the owner's own reads and prose about them", () => {
  const out = check({
    ...declared,
    'server/modules/cart/index.ts': "export const consoleCoupons = (db) => db.selectFrom('coupons').selectAll();\n",
    'server/api/ops/coupon-routes.ts': [
      "import { consoleCoupons } from '../../modules/cart/index.ts';",
      "// The coupons come from the cart's own read, never db.selectFrom('coupons') here.",
      "export const list = async (db) => ({ coupons: await consoleCoupons(db), message: 'Coupons from the cart' });",
      'export const n = sql`count(*)`;',
      '',
    ].join('\n'),
  });
  expect(out.output).not.toContain('reads table');
  expect(out.code).toBe(0);
});

// A module starts nothing (docs/decisions/029-three-server-layers.md): its routes and timers are the api's.
test.each([
  ['a typed route plugin', 'export const r = (root) => root.withTypeProvider();', 'a module registers no route (.withTypeProvider)'],
  ['a GET on a path', "export const r = (app) => app.get('/api/thing', async () => 1);", 'a module registers no route (.get)'],
  [
    'a typed POST on a path',
    'export const r = (app) => app.post<{ Body: X }>(\n  `/api/thing`, async () => 1);',
    'a module registers no route (.post)',
  ],
  ['a DELETE on a path', 'export const r = (app) => app.delete("/images/x", async () => 1);', 'a module registers no route (.delete)'],
  ['a route object', "export const r = (app) => app.route({ method: 'PUT', url: '/api/x' });", 'a module registers no route (.route)'],
  [
    'a scheduled job',
    "export const r = (app, db) => scheduleJob(app, db, { name: 'x' }, async () => {});",
    'a module schedules no timer (scheduleJob)',
  ],
  ['an interval', 'export const r = () => setInterval(() => {}, 1000);', 'a module schedules no timer (setInterval)'],
])('%s in a module is reported with file and line', (_name, code, problem) => {
  const file = 'server/modules/cart/thing.ts';
  const out = check({ [file]: `export const x = 1;\n${code}\n` });
  expect(out.code).toBe(1);
  expect(out.output).toContain(`${file}:2: ${problem}: move it to server/api/<domain>/`);
});

test('the same calls in the api, hooks and map reads in a module, prose and a test beside the module pass', () => {
  const out = check({
    'server/api/cart/routes.ts': [
      'export const r = (root) => root.withTypeProvider();',
      "export const g = (app) => app.get('/api/cart', async () => 1);",
      "export const t = (app, db) => scheduleJob(app, db, { name: 'x' }, async () => {});",
      'export const i = () => setInterval(() => {}, 1000);',
      '',
    ].join('\n'),
    'server/modules/staff/index.ts': [
      "export const h = (app) => app.addHook('onRequest', async () => {});",
      "export const m = (byId, headers) => [byId.get(12), headers.get('x-request-id'), new Map().delete('a')];",
      "// The api schedules it: scheduleJob(app, db, …) and app.get('/api/ops/staff/me') live in server/api/ops/.",
      '',
    ].join('\n'),
    'server/modules/staff/index.test.ts': "const app = build();\napp.get('/api/x', async () => 1);\nsetInterval(() => {}, 5);\n",
  });
  expect(out.output).not.toContain('a module');
  expect(out.code).toBe(0);
});
