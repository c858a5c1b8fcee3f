import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { notMeRoutes } from '../../modules/account/index.ts';
import type { AuthServices } from '../../modules/auth/index.ts';
import { addressRoutes, profileRoutes } from './routes.ts';

/** /api/myAccount and /api/myAddress, on the one sign-in configuration, key ring and OTP service. */
export async function accountApi(app: FastifyInstance, { db, auth }: { db: Db; auth: AuthServices }) {
  const { config, keys, otp } = auth;
  await app.register(profileRoutes, { db, keys, otp, config });
  await app.register(addressRoutes, { db });
  await app.register(notMeRoutes, { db });
}
