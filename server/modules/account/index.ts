import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { createKeyRing, createOtpService, pruneGrants, pruneLimits, pruneOtps, readAuthConfig } from '../auth/index.ts';
import { addressRoutes } from './addresses.ts';
import { profileRoutes, purgeDueDeletions } from './profile.ts';

export { type AddressRow, toAddress } from './addresses.ts';
export { purgeDueDeletions, requireCustomer } from './profile.ts';

const HOUSEKEEPING_MS = 3_600_000;

/** /api/myAccount and /api/myAddress, and the hourly housekeeping of sign-in data. */
export async function accountModule(app: FastifyInstance, { db }: { db: Db }) {
  const config = readAuthConfig();
  const keys = createKeyRing(db, config);
  const otp = createOtpService(db, keys, config);
  await app.register(profileRoutes, { db, keys, otp, config });
  await app.register(addressRoutes, { db });

  // Idempotent deletes and updates: every instance may run them.
  const housekeeping = async () => {
    try {
      await purgeDueDeletions(db, config.ACCOUNT_DELETION_GRACE_DAYS);
      await pruneOtps(db);
      await pruneGrants(db);
      await pruneLimits(db);
    } catch (error) {
      app.log.warn({ err: String(error) }, 'account housekeeping failed');
    }
  };
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void housekeeping(), HOUSEKEEPING_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
