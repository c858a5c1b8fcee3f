import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

// The real server (server/main.ts) in a child process for the checkout benchmarks (bench/checkout.ts,
// bench/checkout-counts.ts), so the load generator does not share its event loop. BENCH_SERVER_NODE_ARGS adds Node
// flags to it (e.g. `--cpu-prof --cpu-prof-dir=DIR` to profile it).

/** Starts the server of the tree at `cwd` on `port` with `env` (its database) and waits until it answers. */
export async function startServer(port: number, env: Record<string, string>, cwd = process.cwd()): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', 'server/main.ts'],
    {
      env: {
        ...process.env,
        ...env,
        // Not production: the sandbox gateway is the one configured here (production refuses it).
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        CLIENT_DIR: '/nonexistent',
        KASRAT_DEV_TOOLS: '',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
      cwd,
    },
  );
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  await stopServer(child);
  throw new Error('server did not start in 5 minutes');
}

/** SIGTERM, and waits for the process to exit. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); NaN elsewhere. */
export function cpuSecondsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return Number.NaN;
  }
}
