import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { devToolsEnabled } from '../../config.ts';
import { DEMO_CUSTOMER } from '../../db/seed/seed.ts';
import { scheduleBankReencryption } from './bank-accounts.ts';
import { seedDemoOrders } from './demo-orders.ts';
import { devPurchaseRoutes } from '../../api/orders/dev-routes.ts';
import { opsRoutes } from '../../api/orders/ops-routes.ts';
import { createGateway, type GatewayName, type PaymentGateway, readPaymentConfig } from '../../payments/index.ts';
import { GATEWAY_NAMES } from '../../../schemas/payment.ts';
import { sandboxPayouts } from './refund-gateway.ts';
import { processPendingRefunds } from '../../flows/refund.ts';
import type { RefundAdapters } from './refunds.ts';
import { orderRoutes } from '../../api/orders/routes.ts';
import { sellerConfig } from './seller.ts';

// The orders module's public surface: the registration function, and what tests and other modules reuse.
export { insertOrder, type CreatedOrder, type NewOrder, recordDevPurchase } from './demo-orders.ts';
export { canMove, nextStatus, STATUS_LABELS, shipmentLifecycle } from './lifecycle.ts';
export type { RefundAdapters } from './refunds.ts';
export type { BankPayouts, RefundGateway } from './refund-gateway.ts';
export { hasInvoice, readAddress } from './service.ts';
export {
  insertPendingOrder,
  markOrderExpired,
  markOrderPaid,
  moveOrderShipments,
  type NewOrder as NewPendingOrder,
  unitsHeld,
} from './placement.ts';

const REFUND_RETRY_MS = 300_000;

/** A payment is refunded by the adapter of the gateway that took it, with the store's payment settings. */
function defaultAdapters(db: Db): RefundAdapters {
  const config = readPaymentConfig();
  const made = new Map<GatewayName, PaymentGateway>();
  return {
    gatewayFor(name) {
      const gateway = GATEWAY_NAMES.find((g) => g === name);
      if (!gateway) return null;
      if (!made.has(gateway)) made.set(gateway, createGateway({ ...config, PAYMENT_GATEWAY: gateway }, { db }));
      return made.get(gateway) ?? null;
    },
    payouts: sandboxPayouts,
  };
}

/** /api/order (SPEC §7) and the operations API; refunds go through the sandbox adapters unless others are given. */
export async function ordersModule(app: FastifyInstance, { db, refunds }: { db: Db; refunds?: RefundAdapters }) {
  // A wrong seller setting (an invalid GSTIN) stops the start, not the first dispatch (docs/decisions/028-gst-tax-invoices.md).
  sellerConfig();
  const adapters = refunds ?? defaultAdapters(db);
  await app.register(orderRoutes, { db, refunds: adapters });
  await app.register(opsRoutes, { db, refunds: adapters });
  if (devToolsEnabled()) await app.register(devPurchaseRoutes, { db });
  scheduleBankReencryption(app, db);

  // Refunds left pending by a crash between commit and payout are paid by whichever instance runs this first.
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    // Not inside the unit and API test runner, whose databases hold only what each test puts there.
    if (devToolsEnabled() && !process.env.VITEST) {
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
