import type { SessionUser } from '../../../schemas/common.ts';
import type { Db } from '../../db/database.ts';
import { cartJourney } from '../cart/index.ts';
import { findSessionCustomer } from '../customers/index.ts';
import { formatLastOrder } from '../session/index.ts';

/** The session user of SPEC §3: who is signed in, whether the profile is complete, the last order, the cart journey. */
export async function loadSessionUser(db: Db, customerId: number): Promise<SessionUser | null> {
  const c = await findSessionCustomer(db, customerId);
  if (!c || c.is_blocked || c.frozen_at) return null;
  return {
    customer_id: c.id,
    customer_name: `${c.first_name} ${c.last_name}`.trim(),
    customer_first_name: c.first_name,
    customer_email: c.email,
    customer_mobile: c.mobile,
    customer_c_code: c.c_code,
    is_complete_profile: Boolean(c.email && c.mobile && c.first_name),
    last_order: formatLastOrder(c.last_order_at),
    cart_journey: await cartJourney(db, customerId),
  };
}
