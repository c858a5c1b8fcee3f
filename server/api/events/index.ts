import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { readForwardConfig } from '../../modules/events/index.ts';
import { startForwarder } from './forwarder.ts';
import { eventsRoutes } from './routes.ts';

/** The reporting calls, and the forwarder every instance runs (rows claimed with SKIP LOCKED). */
export async function eventsApi(app: FastifyInstance, { db }: { db: Db }) {
  await app.register(eventsRoutes, { db });
  const forwarder = startForwarder(db, readForwardConfig(), app.log);
  app.addHook('onClose', async () => forwarder.stop());
}
