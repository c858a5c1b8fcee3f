import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { grievanceRoutes } from '../../api/grievances/routes.ts';

/** Grievance redressal (docs/grievance-redressal.md): the officer, shoppers' complaints, the console's work on them. */
export async function grievancesModule(app: FastifyInstance, { db }: { db: Db }) {
  await grievanceRoutes(app, { db });
}
