import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';
import { markRefundPaidByHand } from '../flows/index.ts';
import { messagingModule } from '../messaging/index.ts';
import { createAuthServices } from '../modules/auth/index.ts';
import { sessionModule } from '../modules/session/index.ts';
import { staffModule } from '../modules/staff/index.ts';
import { readPaymentConfig } from '../payments/index.ts';
import { accountApi } from './account/index.ts';
import { appInstallApi } from './app-install/index.ts';
import { authApi } from './auth/index.ts';
import { authenticityApi } from './authenticity/index.ts';
import { cartApi } from './cart/index.ts';
import { catalogueApi } from './catalogue/index.ts';
import { checkoutApi } from './checkout/index.ts';
import { consentApi } from './consent/index.ts';
import { eventsApi } from './events/index.ts';
import { grievancesApi } from './grievances/index.ts';
import { helpCenterApi } from './help-center/index.ts';
import { newsletterApi } from './newsletter/index.ts';
import { opsConsoleApi } from './ops/index.ts';
import { ordersApi } from './orders/index.ts';
import { paymentApi } from './payment/index.ts';
import { reviewsApi } from './reviews/index.ts';
import { storefrontFormsApi } from './storefront-forms/index.ts';
import { storesApi } from './stores/index.ts';
import { systemApi } from './system/index.ts';
import { uploadsApi } from './uploads/index.ts';

// The HTTP layer (docs/decisions/029-three-server-layers.md): every domain's routes and timers register here, one
// line each, over the flows (server/flows/) and the modules (server/modules/).
export async function registerApi(app: FastifyInstance, { handle }: { handle: DatabaseHandle }) {
  const { db } = handle;
  // One sign-in configuration, key ring and OTP service, shared by the auth, account and newsletter calls.
  const auth = createAuthServices(db);
  // First: every route reads the request's session (req.getSession()).
  await app.register(sessionModule, { db, idleHours: auth.config.SESSION_IDLE_HOURS });
  await app.register(staffModule, { db });
  await app.register(opsConsoleApi, { db });
  await app.register(systemApi, { handle });
  await app.register(catalogueApi, { handle });
  await app.register(cartApi, { db });
  await app.register(eventsApi, { db });
  await app.register(messagingModule, { db });
  await app.register(authApi, { db, auth });
  await app.register(accountApi, { db, auth });
  await app.register(authenticityApi, { db });
  await app.register(storesApi, { db });
  await app.register(newsletterApi, { db, auth });
  await app.register(uploadsApi, { db });
  // An order placed waits ORDER_PAYMENT_TTL_S for its payment (a payment setting: docs/configuration.md).
  await app.register(checkoutApi, { db, paymentTtlS: readPaymentConfig().ORDER_PAYMENT_TTL_S });
  await app.register(paymentApi, { db, refundPaidByHand: markRefundPaidByHand });
  await app.register(ordersApi, { db });
  await app.register(reviewsApi, { db });
  await app.register(helpCenterApi, { db });
  await app.register(grievancesApi, { db });
  await app.register(appInstallApi);
  await app.register(storefrontFormsApi, { db });
  await app.register(consentApi, { db });
}
