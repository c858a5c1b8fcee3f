import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { devToolsEnabled } from '../../config.ts';
import { askBeforeExpiry, expireUnpaidOrders as expireOrders, reconcilePayments } from '../../flows/index.ts';
import { scheduleJob } from '../../jobs/scheduled.ts';
import { keepGateway, type RefundPaidByHand } from '../../modules/payment/index.ts';
import { createGateway, type PaymentConfig, type PaymentGateway, readPaymentConfig } from '../../payments/index.ts';
import { devPaymentRoutes } from './dev-routes.ts';
import { paymentIssueRoutes } from './issue-routes.ts';
import { paymentRoutes } from './routes.ts';

const RECONCILE_JOB = { name: 'payment-reconcile', everyMs: 300_000, leaseMs: 240_000 };

export interface PaymentApiOptions {
  db: Db;
  config?: PaymentConfig;
  /** Tests swap the gateway (e.g. Juspay with a fake status call). */
  gateway?: PaymentGateway;
  /** The refund flow's step for a refund a person paid by hand (markRefundPaidByHand; tests give their own). */
  refundPaidByHand: RefundPaidByHand;
}

export async function paymentApi(app: FastifyInstance, options: PaymentApiOptions) {
  const { db } = options;
  const config = options.config ?? readPaymentConfig();
  // Kept per database so the orders module refunds through this same adapter (paymentGateway(db)).
  const gateway = keepGateway(db, options.gateway ?? createGateway(config, { db }));
  const deps = { db, config, gateway, log: app.log, paymentTtlS: config.ORDER_PAYMENT_TTL_S };
  await app.register(paymentRoutes, deps);
  await app.register(paymentIssueRoutes, { db, refundPaidByHand: options.refundPaidByHand });
  if (devToolsEnabled()) await app.register(devPaymentRoutes, { db });

  // Expiry on every instance; SKIP LOCKED hands each due order to one of them.
  const sweep = async () => {
    try {
      // A payment made just before the deadline (its return lost) places the order instead of expiring it.
      await askBeforeExpiry(deps);
      const expired = await expireOrders(db);
      if (expired) app.log.info({ expired }, 'expired unpaid orders');
    } catch (error) {
      app.log.warn({ err: String(error) }, 'order expiry failed');
    }
  };
  // Recent attempts and pending automatic refunds compared with the gateway, by one instance every 5 minutes.
  scheduleJob(app, db, RECONCILE_JOB, async () => {
    const r = await reconcilePayments(deps);
    if (r.payments || r.refunds) app.log.info(r, 'payments reconciled with the gateway');
  });
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void sweep(), config.ORDER_EXPIRY_INTERVAL_S * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
