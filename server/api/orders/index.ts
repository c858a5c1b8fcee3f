import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { devToolsEnabled } from '../../config.ts';
import { DEMO_CUSTOMER } from '../../db/seed/seed.ts';
import { processPendingRefunds } from '../../flows/index.ts';
import { scheduleJob } from '../../jobs/scheduled.ts';
import { type RefundAdapters, reencryptBankAccounts, sandboxPayouts, seedDemoOrders, sellerConfig } from '../../modules/orders/index.ts';
import { createGateway, type GatewayName, type PaymentGateway, readPaymentConfig } from '../../payments/index.ts';
import { GATEWAY_NAMES } from '../../../schemas/payment.ts';
import { devPurchaseRoutes } from './dev-routes.ts';
import { opsRoutes } from './ops-routes.ts';
import { orderRoutes } from './routes.ts';

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
export async function ordersApi(app: FastifyInstance, { db, refunds }: { db: Db; refunds?: RefundAdapters }) {
  // A wrong seller setting (an invalid GSTIN) stops the start, not the first dispatch (docs/decisions/028-gst-tax-invoices.md).
  sellerConfig();
  const adapters = refunds ?? defaultAdapters(db);
  await app.register(orderRoutes, { db, refunds: adapters });
  await app.register(opsRoutes, { db, refunds: adapters });
  if (devToolsEnabled()) await app.register(devPurchaseRoutes, { db });
  // After a key rotation (or rows from before encryption): one instance re-encrypts, hourly, until none is left.
  scheduleJob(app, db, { name: 'bank-account-reencryption', everyMs: 3_600_000, leaseMs: 600_000 }, async () => {
    const moved = await reencryptBankAccounts(db);
    if (moved) app.log.info({ moved }, 'bank account numbers moved to the current key');
  });

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
