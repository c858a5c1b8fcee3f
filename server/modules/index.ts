import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';
import { opsConsoleApi } from '../api/ops/index.ts';
import { messagingModule } from '../messaging/index.ts';
import { readPaymentConfig } from '../payments/index.ts';
import { accountModule } from './account/index.ts';
import { appInstallModule } from './app-install/index.ts';
import { authModule, createAuthServices } from './auth/index.ts';
import { authenticityModule } from './authenticity/index.ts';
import { cartModule } from './cart/index.ts';
import { catalogueModule } from './catalogue/index.ts';
import { checkoutModule } from './checkout/index.ts';
import { consentModule } from './consent/index.ts';
import { eventsModule } from './events/index.ts';
import { grievancesModule } from './grievances/index.ts';
import { helpCenterModule } from './help-center/index.ts';
import { newsletterModule } from './newsletter/index.ts';
import { markRefundPaidByHand } from '../flows/index.ts';
import { ordersModule } from './orders/index.ts';
import { paymentModule } from './payment/index.ts';
import { reviewsModule } from './reviews/index.ts';
import { sessionModule } from './session/index.ts';
import { storefrontFormsModule } from './storefront-forms/index.ts';
import { staffModule } from './staff/index.ts';
import { storesModule } from './stores/index.ts';
import { systemModule } from './system/index.ts';
import { uploadsModule } from './uploads/index.ts';

// Every domain module registers here, one line each.
export async function registerModules(app: FastifyInstance, { handle }: { handle: DatabaseHandle }) {
  const { db } = handle;
  // One sign-in configuration, key ring and OTP service, shared by the auth, account and newsletter modules.
  const auth = createAuthServices(db);
  // First: every module's routes read the request's session (req.getSession()).
  await app.register(sessionModule, { db, idleHours: auth.config.SESSION_IDLE_HOURS });
  await app.register(staffModule, { db });
  await app.register(opsConsoleApi, { db });
  await app.register(systemModule, { handle });
  await app.register(catalogueModule, { handle });
  await app.register(cartModule, { db });
  await app.register(eventsModule, { db });
  await app.register(messagingModule, { db });
  await app.register(authModule, { db, auth });
  await app.register(accountModule, { db, auth });
  await app.register(authenticityModule, { db });
  await app.register(storesModule, { db });
  await app.register(newsletterModule, { db, auth });
  await app.register(uploadsModule, { db });
  // An order placed waits ORDER_PAYMENT_TTL_S for its payment (a payment setting: docs/configuration.md).
  await app.register(checkoutModule, { db, paymentTtlS: readPaymentConfig().ORDER_PAYMENT_TTL_S });
  await app.register(paymentModule, { db, refundPaidByHand: markRefundPaidByHand });
  await app.register(ordersModule, { db });
  await app.register(reviewsModule, { db });
  await app.register(helpCenterModule, { db });
  await app.register(grievancesModule, { db });
  await app.register(appInstallModule);
  await app.register(storefrontFormsModule, { db });
  await app.register(consentModule, { db });
}
