import type { FastifyInstance } from 'fastify';
import { readAppLinks } from '../../modules/app-install/index.ts';
import { appInstallRoutes } from './routes.ts';

/** The app-install banner's store links, from configuration (SPEC §1). */
export async function appInstallApi(app: FastifyInstance) {
  await appInstallRoutes(app, { links: readAppLinks() });
}
