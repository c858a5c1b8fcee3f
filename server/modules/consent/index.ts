import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { consentRoutes } from '../../api/consent/routes.ts';

// Consent (SPEC §4.8): the append-only record of every consent given or withdrawn, and the calls of the profile and
// the cookie notice. Sign-up, the profile's details form and the unsubscribe link record through recordConsent;
// the server asks hasConsent before it sends a provider anything for a customer.
export { type ConsentSource, hasConsent, recordConsent, sourceOf } from './service.ts';

export async function consentModule(app: FastifyInstance, { db }: { db: Db }) {
  await consentRoutes(app, { db });
}
