import type { FastifyInstance } from 'fastify';
import { appInstallRoutes } from '../../api/app-install/routes.ts';
import { readAppLinks } from './service.ts';

export { readAppLinks } from './service.ts';

/** The app-install banner's store links, from configuration (SPEC §1). */
export async function appInstallModule(app: FastifyInstance) {
  await appInstallRoutes(app, { links: readAppLinks() });
}
