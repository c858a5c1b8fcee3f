import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ALSO_WRITTEN_BY, TABLE_OWNERS } from '../../server/db/owners.ts';

// One writer per table (docs/decisions/011-order-flows.md): server/db/owners.ts names each table's owner, and
// the import checker (part of `npm run lint`) fails on a write outside it. Proven here on small trees, and on
// the declaration itself against the tables of server/db/types.ts.
const root = path.resolve(import.meta.dirname, '../..');
const checker = path.join(root, 'scripts/check-imports.mjs');

function check(files: Record<string, string>): { code: number | null; output: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'kasrat-owners-'));
  try {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
    const run = spawnSync(process.execPath, [checker], { cwd: dir, encoding: 'utf8' });
    return { code: run.status, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const owners = {
  'server/db/owners.ts': `export const TABLE_OWNERS = {
  coupons: 'server/modules/cart',
  orders: 'server/modules/orders',
  variants: 'server/modules/catalogue',
  outbox: 'server/messaging',
} as const;

export const ALSO_WRITTEN_BY = {
  variants: 'server/modules/inventory',
} as const;
`,
};

test("an owner's writes pass, Kysely and raw SQL alike, and so does reading another module's table", () => {
  const out = check({
    ...owners,
    'server/modules/cart/promotions.ts': [
      "export const a = (db) => db.insertInto('coupons').values({}).execute();",
      "export const b = (db) => db.updateTable('coupons as c').set({}).execute();",
      "export const c = (db) => db.deleteFrom('coupons').execute();",
      "export const d = (db) => db.selectFrom('orders').selectAll().forUpdate().execute();",
      'export const e = sql`UPDATE coupons SET used = used + 1 WHERE code = 1`;',
      // Locking clauses and an upsert's own update are no write of another table.
      'export const f = sql`SELECT 1 FROM orders FOR UPDATE OF orders; INSERT INTO coupons (code) VALUES (1) ON CONFLICT (code) DO UPDATE SET used = 0`;',
      '// A comment may say UPDATE orders SET status or DELETE FROM orders: prose is not a write.',
    ].join('\n'),
    'server/messaging/outbox.ts': "export const m = (db) => db.insertInto('outbox').values({}).execute();\n",
    'server/modules/inventory/stock.ts': 'export const s = sql`UPDATE variants SET stock = stock - 1`;\n',
    'server/db/seed/seed.ts': "export const seed = (db) => db.insertInto('orders').values({}).execute();\n",
    'server/modules/orders/x.test.ts': "export const t = (db) => db.insertInto('coupons').values({}).execute();\n",
  });
  expect(out.output).toContain('table writes ok (4 tables)');
  expect(out.code).toBe(0);
});

test.each([
  ['a Kysely insert', "db.insertInto('coupons').values({})", 'coupons'],
  ['a Kysely update with an alias', "db.updateTable('coupons as c').set({})", 'coupons'],
  ['a Kysely delete', "db.deleteFrom('orders')", 'orders'],
  ['a raw INSERT', 'sql`INSERT INTO orders (id) VALUES (1)`', 'orders'],
  ['a raw UPDATE with an alias', 'sql`update orders o set status = 1`', 'orders'],
  ['a raw DELETE', 'sql`DELETE FROM outbox WHERE id = 1`', 'outbox'],
  ['an UPDATE in a common table expression', 'sql`WITH u AS (UPDATE variants SET stock = 0) SELECT 1`', 'variants'],
])("%s of another module's table is reported with file, line and owner", (_name, write, table) => {
  const file = 'server/modules/staff/routes.ts';
  const out = check({ ...owners, [file]: `export const x = 1;\nexport const w = (db) => ${write};\n` });
  expect(out.code).toBe(1);
  expect(out.output).toMatch(new RegExp(`${file}:2: writes table ${table}, owned by server/`));
});

test("a flow owns no table: its write of a module's table is reported", () => {
  const out = check({
    ...owners,
    'server/flows/place-order.ts': "export const f = (db) =>\n  db.updateTable('orders').set({ status: 'placed' });\n",
  });
  expect(out.code).toBe(1);
  expect(out.output).toContain('server/flows/place-order.ts:2: writes table orders, owned by server/modules/orders');
});

test('a write of a table missing from the declaration is reported', () => {
  const out = check({ ...owners, 'server/modules/cart/x.ts': "export const w = (db) => db.insertInto('gift_cards').values({});\n" });
  expect(out.code).toBe(1);
  expect(out.output).toContain('server/modules/cart/x.ts:1: writes table gift_cards, which server/db/owners.ts does not declare');
});

test('without a declaration every write is of an undeclared table', () => {
  const out = check({ 'server/modules/cart/x.ts': "export const w = (db) => db.deleteFrom('coupons');\n" });
  expect(out.code).toBe(1);
  expect(out.output).toContain('writes table coupons, which server/db/owners.ts does not declare');
});

test('a second writer is allowed only where the declaration names it', () => {
  const out = check({ ...owners, 'server/modules/orders/x.ts': 'export const w = sql`UPDATE variants SET stock = 0`;\n' });
  expect(out.code).toBe(1);
  expect(out.output).toContain('server/modules/orders/x.ts:1: writes table variants, owned by server/modules/catalogue');
});

test('a write whose table is not a literal is reported: the check cannot tell whose it is', () => {
  const out = check({ ...owners, 'server/modules/cart/x.ts': 'export const w = (db, t) => db.insertInto(t).values({});\n' });
  expect(out.code).toBe(1);
  expect(out.output).toContain('server/modules/cart/x.ts:1: insertInto(t) names no table the check can read');
});

/** The tables of `Database`: the top-level keys of every `…Tables` interface it extends. */
function declaredTables(): string[] {
  const text = readFileSync(path.join(root, 'server/db/types.ts'), 'utf8');
  const parts =
    /export interface Database\s+extends([^{]+)\{\}/
      .exec(text)?.[1]
      .split(',')
      .map((s) => s.trim()) ?? [];
  expect(parts.length).toBeGreaterThan(5);
  return parts.flatMap((name) => {
    const body = new RegExp(`export interface ${name} \\{\\n([\\s\\S]*?)\\n\\}\\n`).exec(text)?.[1];
    if (!body) throw new Error(`no interface ${name} in server/db/types.ts`);
    return [...body.matchAll(/^ {2}([a-z_]+):/gm)].map((m) => m[1]);
  });
}

test('every table of server/db/types.ts has exactly one owner, and every owner names a table there', () => {
  const tables = declaredTables();
  expect(new Set(tables).size).toBe(tables.length);
  const ownersText = readFileSync(path.join(root, 'server/db/owners.ts'), 'utf8');
  const section = ownersText.slice(
    ownersText.indexOf('TABLE_OWNERS = {'),
    ownersText.indexOf('\n}', ownersText.indexOf('TABLE_OWNERS = {')),
  );
  const entries = [...section.matchAll(/^ {2}([a-z_]+):/gm)].map((m) => m[1]);
  // Each table once in the text (a repeated key would silently keep the last owner).
  expect(entries.filter((t, i) => entries.indexOf(t) !== i)).toEqual([]);
  expect([...entries].sort()).toEqual([...tables].sort());
  expect(Object.keys(TABLE_OWNERS).sort()).toEqual([...tables].sort());
  // An owner is a module or a folder of server/, never a flow: flows write through module functions.
  const misnamed = Object.entries(TABLE_OWNERS).filter(
    ([, owner]: [string, string]) => !/^server\/(modules\/[a-z-]+|(?!flows$)[a-z-]+)$/.test(owner),
  );
  expect(misnamed).toEqual([]);
  for (const table of Object.keys(ALSO_WRITTEN_BY)) expect(tables).toContain(table);
});

test('the repository passes: every write of server/ is its table owner’s', () => {
  const run = spawnSync(process.execPath, [checker], { cwd: root, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.stdout).toContain(`table writes ok (${Object.keys(TABLE_OWNERS).length} tables)`);
});
