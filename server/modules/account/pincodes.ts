import { ADDRESS_MESSAGES, type DeliveryDays, type Serviceability } from '../../../schemas/account.ts';
import { findIndiaState, unlistedPincodeService } from '../../../schemas/india-states.ts';
import type { Db } from '../../db/database.ts';
import { BadRequest } from '../../http/errors.ts';
import { statesNear } from '../stores/index.ts';

// Where an address is and how it is served (docs/pincodes.md): a pincode of the directory is authoritative for its
// city and state; for one it does not list, the shopper's city and state are taken when the state is one of India's
// and one the pincode's neighbours are in.

export type PincodeService = { serviceable: boolean; cod_available: boolean; delivery_days: DeliveryDays | null };

export const listedService = (p: { serviceable: boolean; cod_available: boolean; min_days: number; max_days: number }): PincodeService => ({
  serviceable: p.serviceable,
  cod_available: p.serviceable && p.cod_available,
  delivery_days: p.serviceable ? { min_days: p.min_days, max_days: p.max_days } : null,
});

/** Service to an address whose pincode the directory does not list: by the state the API accepted it with. */
export function unlistedService(state: string): PincodeService {
  const service = unlistedPincodeService([state]);
  return service
    ? { serviceable: true, cod_available: false, delivery_days: { min_days: service.min_days, max_days: service.max_days } }
    : { serviceable: false, cod_available: false, delivery_days: null };
}

export async function findPincode(db: Db, pincode: string) {
  return db.selectFrom('pincodes').selectAll().where('pincode', '=', pincode).executeTakeFirst();
}

/** The city and state an address is saved with; throws the reason it cannot be. */
export async function placeOf(db: Db, body: { pincode: string; city: string; state: string }): Promise<{ city: string; state: string }> {
  const listed = await db.selectFrom('pincodes').select(['city', 'state']).where('pincode', '=', body.pincode).executeTakeFirst();
  // The directory is the authority for where a pincode it lists is.
  if (listed) return listed;
  const near = await statesNear(db, body.pincode);
  if (!near.length) throw new BadRequest(ADDRESS_MESSAGES.pincodeUnknown);
  const state = findIndiaState(body.state);
  if (!state) throw new BadRequest(ADDRESS_MESSAGES.stateUnknown);
  if (!near.includes(state.name)) throw new BadRequest(ADDRESS_MESSAGES.stateOfPincode(body.pincode, state.name));
  return { city: body.city, state: state.name };
}

/** The delivery estimate of a pincode; null when it is not an Indian pincode at all. */
export async function serviceabilityOf(db: Db, pincode: string): Promise<Serviceability | null> {
  const listed = await findPincode(db, pincode);
  if (listed) return { pincode, listed: true, city: listed.city, state: listed.state, ...listedService(listed) };
  const near = await statesNear(db, pincode);
  const service = unlistedPincodeService(near);
  if (!service) return null;
  return {
    pincode,
    listed: false,
    city: null,
    state: near.length === 1 ? near[0] : null,
    serviceable: true,
    cod_available: false,
    delivery_days: { min_days: service.min_days, max_days: service.max_days },
  };
}
