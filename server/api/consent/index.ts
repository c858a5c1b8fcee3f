import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { consentRoutes } from './routes.ts';

export async function consentApi(app: FastifyInstance, { db }: { db: Db }) {
  await consentRoutes(app, { db });
}
