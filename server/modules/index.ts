import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';
import { messagingModule } from '../messaging/index.ts';
import { accountModule } from './account/index.ts';
import { authModule } from './auth/index.ts';
import { cartRoutes } from './cart/index.ts';
import { catalogueModule } from './catalogue/index.ts';
import { eventsRoutes } from './events/index.ts';
import { reviewsModule } from './reviews/index.ts';
import { sessionRoutes } from './session/routes.ts';
import { imageRoutes } from './system/images.ts';
import { systemRoutes } from './system/routes.ts';
import { uploadsModule } from './uploads/index.ts';

// Every domain module registers here, one line each.
export async function registerModules(app: FastifyInstance, { handle }: { handle: DatabaseHandle }) {
  const { db } = handle;
  await app.register(systemRoutes, { handle });
  await app.register(sessionRoutes, { db });
  await app.register(imageRoutes, { db });
  await app.register(catalogueModule, { handle });
  await app.register(cartRoutes, { db });
  await app.register(eventsRoutes, { db });
  await app.register(messagingModule, { db });
  await app.register(authModule, { db });
  await app.register(accountModule, { db });
  await app.register(uploadsModule, { db });
  await app.register(reviewsModule, { db });
}
