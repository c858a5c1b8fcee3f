import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { readAuthConfig } from './config.ts';
import { devIdpRoutes } from './dev-idp.ts';
import { createGoogleVerifier } from './google.ts';
import { createKeyRing } from './keys.ts';
import { createOtpService } from './otp.ts';
import { authRoutes } from './routes.ts';

export { readAuthConfig, type AuthConfig } from './config.ts';
export { findCustomerById, findCustomerByIdentifier, isUniqueViolation, type CustomerRow } from './customers.ts';
export { createKeyRing, type KeyRing } from './keys.ts';
export { createOtpService, maskIdentifier, pruneOtps, type OtpService } from './otp.ts';
export { pruneGrants } from './grants.ts';
export { pruneLimits } from './rate-limit.ts';
export { checkNewPassword, hashPassword, readPassword } from './service.ts';

/** Sign-in: the /api/auth calls, and outside production the development identity provider. */
export async function authModule(app: FastifyInstance, { db }: { db: Db }) {
  const config = readAuthConfig();
  const keys = createKeyRing(db, config);
  const otp = createOtpService(db, keys, config);
  const google = createGoogleVerifier(config, keys);
  await app.register(authRoutes, { db, keys, otp, google, config });
  if (config.devIdp) await app.register(devIdpRoutes, { keys, config });
}
