import { afterAll, beforeAll, expect, test } from 'vitest';
import { BACKENDS, openTestDatabase, POSTGRES_URL } from '../helpers/app.ts';
import { freePort } from './rehearsal-harness.ts';
import { type ServerProcess, startServer, waitHealthy } from './server-process.ts';

// A stopping instance leaves the balancer's rotation before it stops serving (docs/operations.md "Rolling
// deploys"): on SIGTERM readiness answers 503 for SHUTDOWN_NOT_READY_MS while calls are still served, then the
// process drains and exits 0. On a schema migrated and seeded beforehand, so the process starts quickly.

let server: ServerProcess | null = null;
let db: Awaited<ReturnType<typeof openTestDatabase>> | null = null;
beforeAll(async () => {
  if (BACKENDS.includes('postgres')) db = await openTestDatabase('postgres');
}, 120_000);
afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  await db?.close();
});

test.skipIf(!BACKENDS.includes('postgres'))(
  'SIGTERM: readiness 503 first while calls are still served, then a clean exit',
  async () => {
    const url = new URL(POSTGRES_URL);
    url.searchParams.set('options', `-c search_path=${db?.schema}`);
    server = startServer(await freePort(), { DATABASE_URL: url.toString(), SHUTDOWN_NOT_READY_MS: '4000', LOG_LEVEL: 'warn' });
    await waitHealthy(server);
    const s = server;
    const status = async (path: string) => (await fetch(s.url(path))).status;
    expect(await status('/api/health/ready')).toBe(200);
    const sent = Date.now();
    s.child.kill('SIGTERM');
    // The signal arrives at once on loopback; a short wait lets the handler run.
    await new Promise((r) => setTimeout(r, 300));
    expect(await status('/api/health/ready')).toBe(503);
    // Still serving while the balancer moves away.
    expect(await status('/api/search/product-search-listing?per_page=1')).toBe(200);
    expect(await s.exited).toBe(0);
    expect(Date.now() - sent).toBeGreaterThanOrEqual(4000);
  },
  200_000,
);
