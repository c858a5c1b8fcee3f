import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';
import { sessionRoutes } from './session/routes.ts';
import { imageRoutes } from './system/images.ts';
import { systemRoutes } from './system/routes.ts';

// Every domain module registers here, one line each.
export async function registerModules(app: FastifyInstance, { handle }: { handle: DatabaseHandle }) {
  const { db } = handle;
  await app.register(systemRoutes, { handle });
  await app.register(sessionRoutes, { db });
  await app.register(imageRoutes, { db });
}
