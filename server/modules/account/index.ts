import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { scheduleJob } from '../../jobs/scheduled.ts';
import { createKeyRing, createOtpService, pruneGrants, pruneLimits, pruneOtps, readAuthConfig } from '../auth/index.ts';
import { addressRoutes } from './addresses.ts';
import { profileRoutes, purgeDueDeletions } from './profile.ts';

export { purgeDueDeletions } from './profile.ts';

const HOUSEKEEPING_MS = 3_600_000;

/** /api/myAccount and /api/myAddress, and the hourly housekeeping of sign-in data. */
export async function accountModule(app: FastifyInstance, { db }: { db: Db }) {
  const config = readAuthConfig();
  const keys = createKeyRing(db, config);
  const otp = createOtpService(db, keys, config);
  await app.register(profileRoutes, { db, keys, otp, config });
  await app.register(addressRoutes, { db });

  // One instance at a time runs it, once an hour across all of them (server/jobs/scheduled.ts).
  scheduleJob(app, db, { name: 'account-housekeeping', everyMs: HOUSEKEEPING_MS, leaseMs: 10 * 60_000 }, async () => {
    await purgeDueDeletions(db, config.ACCOUNT_DELETION_GRACE_DAYS);
    await pruneOtps(db);
    await pruneGrants(db);
    await pruneLimits(db);
  });
}
