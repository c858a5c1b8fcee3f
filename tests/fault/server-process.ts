import { type ChildProcess, spawn } from 'node:child_process';

// The real entry point (server/main.ts) in its own process, as `npm start` runs it: for the crash, lock and
// scale-out tests, which kill it with SIGKILL and start it again on the same data.
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
  url: (path: string) => string;
}

export function startServer(port: number, env: Record<string, string>): ServerProcess {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'info',
      CLIENT_DIR: '/nonexistent',
      NODE_ENV: 'test',
      TRUST_PROXY: 'true',
      OUTBOX_POLL_MS: '100',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, output: () => output, exited, url: (path) => `http://127.0.0.1:${port}${path}` };
}

export async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 150_000, everyMs = 50): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export async function waitHealthy(server: ServerProcess): Promise<void> {
  let exited = false;
  void server.exited.then(() => {
    exited = true;
  });
  await waitFor(async () => {
    if (exited) throw new Error(`server on ${server.port} exited:\n${server.output().slice(-3000)}`);
    try {
      return (await fetch(server.url('/api/health'))).ok;
    } catch {
      return false;
    }
  }, `the server on port ${server.port}`);
}

export async function kill9(server: ServerProcess): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

/** A cookie-keeping fetch for one shopper. */
export function shopper(server: () => ServerProcess, ip: string) {
  const cookies = new Map<string, string>();
  return {
    cookies,
    async post(path: string, body: unknown): Promise<{ status: number; json: { status: number; data: unknown; message: string } }> {
      const res = await fetch(server().url(path), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': ip,
          cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        },
        body: JSON.stringify(body),
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const [name, value] = (pair ?? '').split('=');
        if (name && value) cookies.set(name.trim(), value.trim());
      }
      return { status: res.status, json: (await res.json()) as { status: number; data: unknown; message: string } };
    },
  };
}
