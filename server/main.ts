import path from 'node:path';
import { boot } from './boot.ts';
import { readConfig } from './config.ts';

const config = readConfig();
const clientDir = path.resolve(process.env.CLIENT_DIR ?? 'dist/client');
const { app } = await boot(config, clientDir);

// Graceful shutdown: stop accepting, finish in-flight requests, close the database.
let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.PORT, host: config.HOST });
