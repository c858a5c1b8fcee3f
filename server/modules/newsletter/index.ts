import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { createKeyRing, readAuthConfig } from '../auth/index.ts';
import { newsletterRoutes } from './routes.ts';

export { unsubscribeLink } from './signature.ts';

/** The key unsubscribe links are signed with: derived from the sign-in key ring, so every instance agrees. */
export function linkSigningSecret(db: Db): () => Promise<string> {
  const keys = createKeyRing(db, readAuthConfig());
  return () => keys.hashCode('unsubscribe-link', 'v1');
}

/** Newsletter unsubscribe through signed links (SPEC §7 unsubscribe-user). */
export async function newsletterModule(app: FastifyInstance, { db }: { db: Db }) {
  await newsletterRoutes(app, { db, secret: linkSigningSecret(db) });
}
