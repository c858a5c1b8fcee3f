import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { helpCenterRoutes } from '../../api/help-center/routes.ts';

/** The help centre: FAQ, phone and email support, tickets (SPEC §1, §7 /api/help-center). */
export async function helpCenterModule(app: FastifyInstance, { db }: { db: Db }) {
  await helpCenterRoutes(app, { db });
}
