import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { DEMO_CUSTOMER } from '../../db/seed/seed.ts';
import { readOrdersConfig } from './config.ts';
import { seedDemoOrders } from './demo-orders.ts';
import { opsRoutes } from './ops-routes.ts';
import { sandboxPayouts, sandboxRefunds } from './refund-gateway.ts';
import { processPendingRefunds, type RefundAdapters } from './refunds.ts';
import { orderRoutes } from './routes.ts';

// The orders module's public surface: the registration function, and what tests and other modules reuse.
export { insertOrder, type CreatedOrder, type NewOrder } from './demo-orders.ts';
export { canMove, nextStatus, STATUS_LABELS, shipmentLifecycle } from './lifecycle.ts';
export { processPendingRefunds, processRefund, type RefundAdapters } from './refunds.ts';
export type { BankPayouts, RefundGateway } from './refund-gateway.ts';
export { opsMove } from './service.ts';

const REFUND_RETRY_MS = 300_000;

/** /api/order (SPEC §7) and the operations API; refunds go through the sandbox adapters unless others are given. */
export async function ordersModule(app: FastifyInstance, { db, refunds }: { db: Db; refunds?: RefundAdapters }) {
  const config = readOrdersConfig();
  const adapters = refunds ?? { gateway: sandboxRefunds, payouts: sandboxPayouts };
  await app.register(orderRoutes, { db, refunds: adapters });
  await app.register(opsRoutes, { db, token: config.opsToken, refunds: adapters });

  // Refunds left pending by a crash between commit and payout are paid by whichever instance runs this first.
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    // Not inside the unit and API test runner, whose databases hold only what each test puts there.
    if (config.devTools && !process.env.VITEST) {
      try {
        await seedDemoOrders(db, DEMO_CUSTOMER.email);
      } catch (error) {
        app.log.warn({ err: String(error) }, 'demo orders not seeded');
      }
    }
    timer = setInterval(() => {
      processPendingRefunds(db, adapters).catch((error) => app.log.warn({ err: String(error) }, 'refund retry failed'));
    }, REFUND_RETRY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
