import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../../schemas/common.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { cartJourney as cartJourneyOf } from '../cart/index.ts';
import { endSession } from './session.ts';

const IST_OFFSET_MS = 330 * 60_000;

/** 'DD-MM-YYYY HH:mm:ss' in India time (SPEC §3 last_order). */
export function formatLastOrder(date: Date | null): string | null {
  if (!date) return null;
  const d = new Date(date.getTime() + IST_OFFSET_MS);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}-${p(d.getUTCMonth() + 1)}-${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}

export async function loadSessionUser(db: Db, customerId: number): Promise<SessionUser | null> {
  const c = await db
    .selectFrom('customers')
    .select(['id', 'first_name', 'last_name', 'email', 'mobile', 'c_code', 'last_order_at', 'is_blocked'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!c || c.is_blocked) return null;
  const journey = await cartJourney(db, customerId);
  return {
    customer_id: c.id,
    customer_name: `${c.first_name} ${c.last_name}`.trim(),
    customer_first_name: c.first_name,
    customer_email: c.email,
    customer_mobile: c.mobile,
    customer_c_code: c.c_code,
    is_complete_profile: Boolean(c.email && c.mobile && c.first_name),
    last_order: formatLastOrder(c.last_order_at),
    cart_journey: journey,
  };
}

// Where the shopper is in the purchase journey; the cart issue's tables refine it once they exist.
async function cartJourney(db: Db, customerId: number): Promise<string> {
  return cartJourneyOf(db, customerId);
}

export async function sessionRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/api/ping', async (req) => {
    const session = await req.getSession();
    const user = session?.customerId ? await loadSessionUser(db, session.customerId) : null;
    return { ...ok(user, user ? 'Signed in' : 'Guest'), cart_journey: user?.cart_journey ?? 'browse' };
  });

  app.get('/api/logout/logout-operation', async (req, reply) => {
    await endSession(db, req, reply);
    return ok(null, 'Logged out');
  });
}
