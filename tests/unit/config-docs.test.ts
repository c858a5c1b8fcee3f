import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { collect, render, UNDOCUMENTED } from '../../scripts/gen-config-docs.mjs';

// docs/configuration.md is generated from the server's source (scripts/gen-config-docs.mjs). These checks fail when
// a setting the server reads is missing from it, has no meaning, or when the page is older than the code.

const root = path.resolve(import.meta.dirname, '../..');
const generator = path.join(root, 'scripts/gen-config-docs.mjs');
function run(args: string[]): { code: number | null; out: string } {
  const r = spawnSync(process.execPath, [generator, ...args], { encoding: 'utf8' });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

const collected = (dir = root) => collect(dir);

/** The variables a page documents: the first cell of each table row. */
function documented(page: string): Set<string> {
  return new Set([...page.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]!));
}

/** Environment reads in server/ found without the generator's help: process.env.X, env.X, env['X'], { X } = env. */
function directReads(): Map<string, string> {
  const reads = new Map<string, string>();
  const visit = (dir: string) => {
    for (const e of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) visit(rel);
      else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) {
        const text = readFileSync(path.join(root, rel), 'utf8');
        for (const m of text.matchAll(/\b(?:process\.env|env)\??(?:\.([A-Z][A-Z0-9_]*)\b|\[\s*'([A-Z][A-Z0-9_]*)'\s*\])/g))
          reads.set(m[1] ?? m[2]!, rel);
        for (const m of text.matchAll(/\{([^{}]*)\}\s*=\s*(?:process\.env|env)\b/g))
          for (const name of m[1]!.matchAll(/(?:^|,)\s*([A-Z][A-Z0-9_]*)\b/g)) reads.set(name[1]!, rel);
      }
    }
  };
  visit('server');
  return reads;
}

describe('docs/configuration.md', () => {
  const page = readFileSync(path.join(root, 'docs/configuration.md'), 'utf8');
  const names = documented(page);

  test('is what the generator writes from the code today (npm run gen:config-docs)', () => {
    const r = run(['--check']);
    expect(r.out).toContain('up to date');
    expect(r.code).toBe(0);
  });

  test('documents every setting of the config schemas, each with a meaning', () => {
    const { settings } = collected();
    // The schemas of the process, sign-in, messages, payments, forwarding, retention, reviews and app links.
    expect(settings.length).toBeGreaterThan(60);
    for (const probe of ['PORT', 'PAYMENT_GATEWAY', 'SMTP_URL', 'SESSION_IDLE_HOURS', 'RETENTION_OUTBOX_DAYS'])
      expect(settings.map((s) => s.name)).toContain(probe);
    expect(settings.filter((s) => !names.has(s.name)).map((s) => s.name)).toEqual([]);
    expect(settings.filter((s) => s.meaning === UNDOCUMENTED).map((s) => `${s.name} (${s.files[0]})`)).toEqual([]);
  });

  test('documents every environment variable read directly in server/', () => {
    const reads = directReads();
    expect(reads.size).toBeGreaterThan(5);
    const missing = [...reads].filter(([name]) => !names.has(name)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  test('states the production rules the code enforces', () => {
    const row = (name: string) => page.split('\n').find((l) => l.startsWith(`| \`${name}\` |`)) ?? '';
    expect(row('OPS_TOKEN')).toContain('required in production');
    expect(row('OPS_TOKEN')).toContain('at least 24 characters');
    expect(row('KASRAT_DEV_TOOLS')).toContain('cannot be on in production');
    expect(row('SMTP_URL')).toContain('required in production');
    expect(row('PAYMENT_GATEWAY')).toContain('production refuses its development default');
    expect(row('PAYTM_HOST')).toContain('`https://securegw-stage.paytm.in`');
    expect(row('PAYTM_HOST')).toContain('production refuses');
  });
});

describe('the generator on a small tree', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'kasrat-config-docs-'));
    mkdirSync(path.join(dir, 'server/modules/x'), { recursive: true });
    mkdirSync(path.join(dir, 'docs'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const schemaFile = (extra: string) =>
    [
      "import { z } from 'zod';",
      'const LIMIT_DEFAULT = 7;',
      'const Env = z.object({',
      '  /** How many widgets. */',
      '  WIDGETS: z.coerce.number().int().min(1).max(9).default(LIMIT_DEFAULT),',
      "  MODE: z.enum(['a', 'b']).default('a'),",
      `  ${extra}`,
      '}).superRefine((c, ctx) => {',
      "  if (c.MODE === 'b') ctx.addIssue({ code: 'custom', path: ['MODE'], message: 'cannot be b in production' });",
      '});',
      'export const read = (env: NodeJS.ProcessEnv = process.env) => [Env.parse(env), Number(process.env.DRAIN_MS ?? 5)];',
      '',
    ].join('\n');

  test('reads names, defaults, accepted values and rules from the schema and from direct reads', () => {
    writeFileSync(path.join(dir, 'server/modules/x/config.ts'), schemaFile(''));
    const byName = Object.fromEntries(collected(dir).settings.map((s) => [s.name, s]));
    expect(Object.keys(byName).sort()).toEqual(['DRAIN_MS', 'MODE', 'WIDGETS']);
    expect(byName.WIDGETS!.defaults).toEqual([{ value: 7 }]);
    expect(byName.WIDGETS!.meaning).toBe('How many widgets.');
    expect(byName.MODE!.rules).toEqual(['cannot be b in production']);
    expect(byName.DRAIN_MS!.defaults).toEqual([{ value: 5 }]);
  });

  test('a new setting without a comment is written as undocumented, and --check fails until the page is rewritten', () => {
    writeFileSync(path.join(dir, 'server/modules/x/config.ts'), schemaFile(''));
    expect(run(['--root', dir]).code).toBe(0);
    expect(run(['--check', '--root', dir]).code).toBe(0);

    writeFileSync(path.join(dir, 'server/modules/x/config.ts'), schemaFile("NEW_THING: z.string().default('on'),"));
    expect(run(['--check', '--root', dir]).code).toBe(1);
    const added = collected(dir).settings.find((s) => s.name === 'NEW_THING');
    expect(added?.meaning).toBe(UNDOCUMENTED);
    expect(render(collected(dir))).toContain('| `NEW_THING` | `on` |');
  });

  test('finds settings in extended schemas and destructured reads', () => {
    const text = [
      "import { z } from 'zod';",
      'const Base = z.object({ A_ONE: z.string().optional() });',
      'const Env = Base.extend({ A_TWO: z.coerce.number().default(2) });',
      "const { A_THREE = 'x', A_FOUR: four } = process.env;",
      'export const read = (env: NodeJS.ProcessEnv = process.env) => [Env.parse(env), A_THREE, four];',
      '',
    ].join('\n');
    writeFileSync(path.join(dir, 'server/modules/x/config.ts'), text);
    const byName = Object.fromEntries(collected(dir).settings.map((s) => [s.name, s.defaults]));
    expect(byName).toEqual({ A_ONE: [{ unset: true }], A_TWO: [{ value: 2 }], A_THREE: [{ value: 'x' }], A_FOUR: [{ unset: true }] });
  });

  test('writes the same text on every run', () => {
    writeFileSync(path.join(dir, 'server/modules/x/config.ts'), schemaFile(''));
    expect(render(collected(dir))).toBe(render(collected(dir)));
  });
});
