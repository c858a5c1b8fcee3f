import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { staffCatalogueRoutes } from './catalogue-routes.ts';
import { staffCouponRoutes } from './coupon-routes.ts';
import { staffCsvRoutes } from './csv-routes.ts';
import { staffCustomerRoutes } from './customer-routes.ts';
import { staffOrderRoutes } from './order-routes.ts';
import { staffPromotionRoutes } from './promotion-routes.ts';
import { staffQueueRoutes } from './queue-routes.ts';
import { staffReviewRoutes } from './review-routes.ts';
import { staffAccountRoutes } from './staff-accounts.ts';
import { staffTodayRoutes } from './today-routes.ts';

/**
 * The console's calls over other modules' tables (docs/decisions/019). Registered after the staff module, whose
 * hooks (the staff session, the operations check, the audit of every write) apply to these routes too.
 */
export async function opsConsoleApi(app: FastifyInstance, { db }: { db: Db }) {
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
}
