import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { AuthServices } from '../../modules/auth/index.ts';
import { linkSigningSecret } from '../../modules/newsletter/index.ts';
import { newsletterRoutes } from './routes.ts';

/** Newsletter unsubscribe through signed links (SPEC §7 unsubscribe-user), on the one sign-in key ring. */
export async function newsletterApi(app: FastifyInstance, { db, auth }: { db: Db; auth: AuthServices }) {
  await newsletterRoutes(app, { db, secret: linkSigningSecret(auth.keys) });
}
