import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { AuthServices, KeyRing } from '../auth/index.ts';
import { newsletterRoutes } from '../../api/newsletter/routes.ts';

export { unsubscribeLink } from './signature.ts';

/** The key unsubscribe links are signed with: derived from the sign-in key ring, so every instance agrees. */
export function linkSigningSecret(keys: KeyRing): () => Promise<string> {
  return () => keys.hashCode('unsubscribe-link', 'v1');
}

/** Newsletter unsubscribe through signed links (SPEC §7 unsubscribe-user), on the one sign-in key ring. */
export async function newsletterModule(app: FastifyInstance, { db, auth }: { db: Db; auth: AuthServices }) {
  await newsletterRoutes(app, { db, secret: linkSigningSecret(auth.keys) });
}
