import type { FastifyInstance } from 'fastify';
import { devToolsEnabled } from '../config.ts';
import type { Db } from '../db/database.ts';
import { readMessagingConfig } from './config.ts';
import { devOutboxRoutes } from './routes.ts';
import { transportsFromConfig } from './transports.ts';
import { OutboxWorker } from './worker.ts';

export {
  deleteFinishedMessagesBefore,
  enqueueMessage,
  enqueueOnce,
  type OutgoingMessage,
  requeueFailedMessages,
  signalOutbox,
} from './outbox.ts';
export { OutboxWorker } from './worker.ts';
export type { Transport, Transports } from './transports.ts';

/** The messaging module: the outbox worker of this instance, and with the development tools the development outbox. */
export async function messagingModule(app: FastifyInstance, { db }: { db: Db }) {
  const config = readMessagingConfig();
  const devTools = devToolsEnabled() && config.NODE_ENV !== 'production';
  if (devTools) await app.register(devOutboxRoutes, { db });
  if (config.OUTBOX_WORKER === 'off') return;
  const worker = new OutboxWorker({
    db,
    transports: transportsFromConfig(config, app.log),
    pollMs: config.OUTBOX_POLL_MS,
    maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
    // A message's text (with its code) is kept only while the development outbox may show it.
    scrubSent: !devTools,
    log: app.log,
  });
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
}
