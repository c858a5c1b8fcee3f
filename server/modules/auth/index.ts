import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { devIdpRoutes } from '../../api/auth/dev-idp.ts';
import { authRoutes } from '../../api/auth/routes.ts';
import { sessionRoutes } from '../../api/auth/session-routes.ts';
import type { AuthServices } from './service.ts';

export { readAuthConfig, type AuthConfig } from './config.ts';
export { findCustomerById, findCustomerByIdentifier, isUniqueViolation, type CustomerRow } from '../customers/index.ts';
export { LOGOUT_NEEDS_BUTTON } from '../../api/auth/session-routes.ts';
export { loadSessionUser } from './session-user.ts';
export { createKeyRing, type KeyRing } from './keys.ts';
export { maskIdentifier, pruneOtps, type OtpService } from './otp.ts';
export { deleteGrant, pruneGrants, replaceOwnerProofGrant } from './grants.ts';
export { type AuthServices, checkNewPassword, checkPassword, createAuthServices, hashPassword, readPassword } from './service.ts';

/**
 * Sign-in: the /api/auth calls, /api/ping (the session user) and logout, and with the development tools on, the
 * development identity provider.
 */
export async function authModule(app: FastifyInstance, { db, auth: services }: { db: Db; auth: AuthServices }) {
  await app.register(authRoutes, { db, ...services });
  await app.register(sessionRoutes, { db });
  if (services.config.devIdp) await app.register(devIdpRoutes, { keys: services.keys, config: services.config });
}
