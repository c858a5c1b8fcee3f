import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { UserConfig } from 'vite';
import { buildApp } from '../../server/app.ts';
import viteConfig from '../../vite.config.ts';
import { describeBackends } from '../helpers/app.ts';

// README "Security": the production build's source maps (the original sources, with their comments) stay home:
// the build writes them without naming them in any asset, and the server gives them only to staff.

const OPS = 'ops-token-for-the-source-map-suite-0123456789';

test('the client build writes hidden source maps: no asset points at one', () => {
  const config = (viteConfig as (env: { command: 'build'; mode: string; isSsrBuild: boolean }) => UserConfig)({
    command: 'build',
    mode: 'production',
    isSsrBuild: false,
  });
  expect(config.build?.sourcemap).toBe('hidden');
});

describeBackends('source maps', (ctx) => {
  test('a source map is a 404 to the public and served with the operations token', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kasrat-client-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'assets', 'entry-abc123.js'), 'console.log(1);\n');
    writeFileSync(
      path.join(dir, 'assets', 'entry-abc123.js.map'),
      JSON.stringify({ version: 3, sources: ['src/secret.ts'], mappings: '' }),
    );
    const saved = process.env.OPS_TOKEN;
    process.env.OPS_TOKEN = OPS;
    const app = await buildApp({ config: { NODE_ENV: 'test', LOG_LEVEL: 'silent' }, handle: ctx().handle, clientDir: dir });
    try {
      expect((await app.inject({ method: 'GET', url: '/assets/entry-abc123.js' })).statusCode).toBe(200);
      for (const url of ['/assets/entry-abc123.js.map', '/assets/entry-abc123.js.m%61p', '/assets/entry-abc123.js.map?x=1']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).not.toContain('secret');
      }
      const wrong = await app.inject({ method: 'GET', url: '/assets/entry-abc123.js.map', headers: { authorization: 'Bearer nope' } });
      expect(wrong.statusCode).toBe(404);
      const staff = await app.inject({ method: 'GET', url: '/assets/entry-abc123.js.map', headers: { authorization: `Bearer ${OPS}` } });
      expect(staff.statusCode).toBe(200);
      expect(staff.body).toContain('src/secret.ts');
    } finally {
      await app.close();
      if (saved === undefined) delete process.env.OPS_TOKEN;
      else process.env.OPS_TOKEN = saved;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
