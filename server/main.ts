import path from 'node:path';
import { unsupportedNode } from './node-version.ts';

// First: an unsupported Node stops here with a sentence, before any dependency loads.
const nodeProblem = unsupportedNode(process.versions.node);
if (nodeProblem) {
  console.error(nodeProblem);
  process.exit(1);
}

const { boot } = await import('./boot.ts');
const { demoNotice, readConfig, trustProxyWarning } = await import('./config.ts');
const { DataDirLocked } = await import('./db/data-dir-lock.ts');
const { startDraining } = await import('./http/draining.ts');

const config = readConfig();
const clientDir = path.resolve(process.env.CLIENT_DIR ?? 'dist/client');
// Longer than the longest single send in flight (transport timeouts: SMS 10 s, forwarding EVENTS_FORWARD_TIMEOUT_MS,
// 5 s by default): workers finish the message in hand and give the rest of their batch back.
const SHUTDOWN_DRAIN_MS = Number(process.env.SHUTDOWN_DRAIN_MS ?? 30_000);
const CLOSE_DATABASE_MS = 10_000;
// Behind a balancer (docs/operations.md "Rolling deploys"): how long readiness answers 503 while this instance still
// serves, before it stops accepting; longer than the balancer's check interval times its fall count.
const SHUTDOWN_NOT_READY_MS = Number(process.env.SHUTDOWN_NOT_READY_MS ?? 0);

let started: Awaited<ReturnType<typeof boot>>;
try {
  started = await boot(config, clientDir);
} catch (error) {
  if (error instanceof DataDirLocked) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}
const { app, handle } = started;

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> =>
  Promise.race([promise, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), ms).unref())]);

/**
 * Ends the process cleanly: stop accepting, finish in-flight requests and the messages in hand (bounded), and
 * close the database in every case — PGlite writes its files on close, and its lock file goes with it.
 */
let closing = false;
async function shutdown(reason: string, code: number): Promise<never> {
  if (closing) return new Promise<never>(() => {});
  closing = true;
  app.log.info({ reason }, 'shutting down');
  let exitCode = code;
  startDraining();
  if (SHUTDOWN_NOT_READY_MS > 0 && code === 0) await new Promise((r) => setTimeout(r, SHUTDOWN_NOT_READY_MS));
  try {
    const drained = await withTimeout(app.close(), SHUTDOWN_DRAIN_MS);
    if (drained === 'timeout') {
      app.log.error({ ms: SHUTDOWN_DRAIN_MS }, 'shutdown drain timed out; closing the database anyway');
      exitCode = 1;
    }
  } catch (err) {
    app.log.error({ err }, 'error during shutdown');
    exitCode = 1;
  }
  // app.close() closes the database through its onClose hook; after a timeout or an error it may not have.
  const closed = await withTimeout(
    handle.close().then(
      () => 'closed',
      () => 'closed',
    ),
    CLOSE_DATABASE_MS,
  );
  if (closed === 'timeout') exitCode = 1;
  process.exit(exitCode);
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void shutdown(signal, 0));
// A bug that escapes every handler: log it, then end the same clean way (the process manager restarts us).
process.on('uncaughtException', (err) => {
  app.log.fatal({ err }, 'uncaught exception');
  void shutdown('uncaughtException', 1);
});
process.on('unhandledRejection', (err) => {
  app.log.fatal({ err }, 'unhandled promise rejection');
  void shutdown('unhandledRejection', 1);
});

await app.listen({ port: config.PORT, host: config.HOST });
// A plain start is a working demo store: it says so once, in one line (SECURITY.md).
const notice = demoNotice(config);
if (notice) app.log.warn(notice);
const proxyWarning = trustProxyWarning(config);
if (proxyWarning) app.log.warn(proxyWarning);
