import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

// A disposable PostgreSQL of the test's own (initdb + pg_ctl from Debian's packages) on a free port and a temporary
// directory, so a test can stop, kill and freeze it; the shared server the other tests use is never touched.

/** initdb and pg_ctl of one installation, or null when PostgreSQL's server programs are not installed. */
export function findPostgresBin(): string | null {
  // As root, PostgreSQL runs as the `postgres` account; without one it cannot run here at all.
  if (
    process.getuid?.() === 0 &&
    !readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .some((l) => l.startsWith('postgres:'))
  )
    return null;
  const candidates = ['/usr/local/bin'];
  const lib = '/usr/lib/postgresql';
  if (existsSync(lib))
    for (const version of readdirSync(lib).sort((a, b) => Number(b) - Number(a))) candidates.push(path.join(lib, version, 'bin'));
  return candidates.find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) ?? null;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface Cluster {
  url: string;
  port: number;
  /** SQL as the superuser, on a connection of its own. */
  admin(query: string): Promise<pg.QueryResult>;
  /** Ends every client backend, as a restart, failover or pooler recycle does. */
  terminateBackends(): Promise<number>;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** SIGSTOP to the server and every one of its processes: sockets stay open, nothing answers. */
  freeze(): void;
  thaw(): void;
  destroy(): Promise<void>;
}

const USER = 'kasrat';

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` account. */
function runner(bin: string): (program: string, args: string[]) => Promise<void> {
  const asRoot = process.getuid?.() === 0;
  return async (program, args) => {
    const file = path.join(bin, program);
    const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
    await promisify(execFile)(cmd, argv, { encoding: 'utf8' });
  };
}

export async function startCluster(bin: string): Promise<Cluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kasrat-pg-'));
  if (process.getuid?.() === 0) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, id('-u'), id('-g'));
  }
  const run = runner(bin);
  const data = path.join(dir, 'data');
  const port = await freePort();
  await run('initdb', ['-D', data, '-U', USER, '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  // Durability settings are PostgreSQL's defaults (a committed order must survive a stop); only the socket and
  // listening address are the test's own.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=60`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start']);
  await start();
  const url = `postgres://${USER}@127.0.0.1:${port}/postgres`;
  const postmasterPid = () => Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = (parent: number): number[] =>
    readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .filter((d) => {
        try {
          // The parent pid is the 4th field after the parenthesised command name.
          const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent;
        } catch {
          return false;
        }
      })
      .map(Number);
  const signalAll = (signal: NodeJS.Signals) => {
    const root = postmasterPid();
    // The server first, so it forks no backend while its children are signalled.
    process.kill(root, signal);
    for (const pid of children(root)) {
      try {
        process.kill(pid, signal);
      } catch {}
    }
  };
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {});
    await client.connect();
    try {
      return await client.query(query);
    } finally {
      await client.end();
    }
  };
  return {
    url,
    port,
    admin,
    async terminateBackends() {
      const r = await admin(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()",
      );
      return r.rowCount ?? 0;
    },
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    start,
    freeze: () => signalAll('SIGSTOP'),
    thaw: () => signalAll('SIGCONT'),
    async destroy() {
      try {
        signalAll('SIGCONT');
      } catch {}
      await run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
