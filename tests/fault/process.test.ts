import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The real entry point (server/main.ts) as npm start runs it: JSON logs with the request id, and a clean exit
// on SIGTERM.
const PORT = 3980;
let child: ChildProcess;
let dataDir: string;
let output = '';

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'kasrat-proc-'));
  child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'info', CLIENT_DIR: '/nonexistent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const end = Date.now() + 90_000;
  while (Date.now() < end) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start:\n${output}`);
}, 120_000);

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

test('log lines are JSON and carry the x-request-id', async () => {
  await fetch(`http://127.0.0.1:${PORT}/api/ping`, { headers: { 'x-request-id': 'trace-me-42' } });
  await new Promise((r) => setTimeout(r, 200));
  const lines = output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { reqId?: string; msg?: string });
  expect(lines.some((l) => l.reqId === 'trace-me-42' && l.msg === 'request completed')).toBe(true);
});

test('SIGTERM closes the server gracefully with exit code 0', async () => {
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(output).toContain('shutting down');
}, 30_000);
