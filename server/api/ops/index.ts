import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { scheduleJob } from '../../jobs/scheduled.ts';
import { readStaffConfig, reencryptStaffSecrets } from '../../modules/staff/index.ts';
import { staffCatalogueRoutes } from './catalogue-routes.ts';
import { staffCouponRoutes } from './coupon-routes.ts';
import { staffCsvRoutes } from './csv-routes.ts';
import { staffCustomerRoutes } from './customer-routes.ts';
import { staffOrderRoutes } from './order-routes.ts';
import { staffPromotionRoutes } from './promotion-routes.ts';
import { staffQueueRoutes } from './queue-routes.ts';
import { staffReviewRoutes } from './review-routes.ts';
import { staffAccountRoutes } from './staff-accounts.ts';
import { staffRoutes } from './staff-routes.ts';
import { staffTodayRoutes } from './today-routes.ts';

/**
 * The console's calls: its own (sign-in, me, audit, staff) and those over other modules' tables (docs/decisions/019).
 * Registered after the staff module, whose hooks (the staff session, the operations check, the audit of every
 * write) apply to these routes too.
 */
export async function opsConsoleApi(app: FastifyInstance, { db }: { db: Db }) {
  await app.register(staffRoutes, { db, config: readStaffConfig() });
  await app.register(staffCatalogueRoutes, { db });
  await app.register(staffCsvRoutes, { db });
  await app.register(staffCouponRoutes, { db });
  await app.register(staffCustomerRoutes, { db });
  await app.register(staffOrderRoutes, { db });
  await app.register(staffPromotionRoutes, { db });
  await app.register(staffQueueRoutes, { db });
  await app.register(staffReviewRoutes, { db });
  await app.register(staffTodayRoutes, { db });
  await app.register(staffAccountRoutes, { db });

  // Authenticator secrets stored in clear, or under a retired key, move to the current STAFF_TOTP_KEY: at start,
  // then hourly on one instance until none is left.
  app.addHook('onReady', async () => {
    await reencryptStaffSecrets(db);
  });
  scheduleJob(app, db, { name: 'staff-secret-reencryption', everyMs: 3_600_000, leaseMs: 600_000 }, async () => {
    const moved = await reencryptStaffSecrets(db);
    if (moved) app.log.info({ moved }, 'staff authenticator secrets moved to the current key');
  });
}
