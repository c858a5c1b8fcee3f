import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { AuthServices } from '../auth/index.ts';
import { addressRoutes, profileRoutes } from './routes.ts';

export { type AddressRow, purgeDueDeletions, toAddress } from './queries.ts';

/** /api/myAccount and /api/myAddress, on the one sign-in configuration, key ring and OTP service. */
export async function accountModule(app: FastifyInstance, { db, auth }: { db: Db; auth: AuthServices }) {
  const { config, keys, otp } = auth;
  await app.register(profileRoutes, { db, keys, otp, config });
  await app.register(addressRoutes, { db });
}
