import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { consentRoutes } from './routes.ts';

// Consent (SPEC §4.8): the append-only record of every consent given or withdrawn, and the calls of the profile and
// the cookie notice. Sign-up and the profile's details form record through recordConsent.
export { type ConsentSource, recordConsent, sourceOf } from './service.ts';

export async function consentModule(app: FastifyInstance, { db }: { db: Db }) {
  await consentRoutes(app, { db });
}
