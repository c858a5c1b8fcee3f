import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { AuthServices } from '../../modules/auth/index.ts';
import { addressRoutes } from './address-routes.ts';
import { contactRoutes } from './contact-routes.ts';
import { deletionRoutes } from './deletion-routes.ts';
import { emailVerificationRoutes } from './email-verification-routes.ts';
import { notMeRoutes } from './not-me-routes.ts';
import { pincodeRoutes } from './pincode-routes.ts';
import { profileRoutes } from './profile-routes.ts';

/** /api/myAccount and /api/myAddress, on the one sign-in configuration, key ring and OTP service. */
export async function accountApi(app: FastifyInstance, { db, auth }: { db: Db; auth: AuthServices }) {
  const { config, keys, otp } = auth;
  const deps = { db, keys, otp, config };
  await app.register(profileRoutes, deps);
  await app.register(contactRoutes, deps);
  await app.register(emailVerificationRoutes, deps);
  await app.register(deletionRoutes, deps);
  await app.register(addressRoutes, { db });
  await app.register(pincodeRoutes, { db });
  await app.register(notMeRoutes, { db });
}
