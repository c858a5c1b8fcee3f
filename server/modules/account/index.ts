import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { AuthServices } from '../auth/index.ts';
import { notMeRoutes } from './owner.ts';
import { addressRoutes, profileRoutes } from '../../api/account/routes.ts';

export { type AddressRow, purgeDueDeletions, toAddress } from './queries.ts';
export { unlistedService } from './pincodes.ts';
export { type AccountChangeKind, maskedContact, recordAccountChange, requireOwnerProof } from './owner.ts';

/** /api/myAccount and /api/myAddress, on the one sign-in configuration, key ring and OTP service. */
export async function accountModule(app: FastifyInstance, { db, auth }: { db: Db; auth: AuthServices }) {
  const { config, keys, otp } = auth;
  await app.register(profileRoutes, { db, keys, otp, config });
  await app.register(addressRoutes, { db });
  await app.register(notMeRoutes, { db });
}
