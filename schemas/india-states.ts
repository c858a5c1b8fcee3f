// India's 28 states and 8 union territories (zod-free: the address form's list loads it on the shopper's phone).
// `code` is the ISO 3166-2:IN subdivision code, used by the shipped pincode directory (docs/pincodes.md);
// `zone` is the delivery zone the serviceability rule reads (docs/pincodes.md "Serviceability").

export type DeliveryZone = 'local' | 'regional' | 'national' | 'remote';

export const INDIA_STATES = [
  { code: 'AN', name: 'Andaman and Nicobar Islands', zone: 'remote' },
  { code: 'AP', name: 'Andhra Pradesh', zone: 'national' },
  { code: 'AR', name: 'Arunachal Pradesh', zone: 'remote' },
  { code: 'AS', name: 'Assam', zone: 'remote' },
  { code: 'BR', name: 'Bihar', zone: 'national' },
  { code: 'CH', name: 'Chandigarh', zone: 'regional' },
  { code: 'CG', name: 'Chhattisgarh', zone: 'national' },
  { code: 'DH', name: 'Dadra and Nagar Haveli and Daman and Diu', zone: 'national' },
  { code: 'DL', name: 'Delhi', zone: 'local' },
  { code: 'GA', name: 'Goa', zone: 'national' },
  { code: 'GJ', name: 'Gujarat', zone: 'national' },
  { code: 'HR', name: 'Haryana', zone: 'regional' },
  { code: 'HP', name: 'Himachal Pradesh', zone: 'regional' },
  { code: 'JK', name: 'Jammu and Kashmir', zone: 'remote' },
  { code: 'JH', name: 'Jharkhand', zone: 'national' },
  { code: 'KA', name: 'Karnataka', zone: 'national' },
  { code: 'KL', name: 'Kerala', zone: 'national' },
  { code: 'LA', name: 'Ladakh', zone: 'remote' },
  { code: 'LD', name: 'Lakshadweep', zone: 'remote' },
  { code: 'MP', name: 'Madhya Pradesh', zone: 'national' },
  { code: 'MH', name: 'Maharashtra', zone: 'national' },
  { code: 'MN', name: 'Manipur', zone: 'remote' },
  { code: 'ML', name: 'Meghalaya', zone: 'remote' },
  { code: 'MZ', name: 'Mizoram', zone: 'remote' },
  { code: 'NL', name: 'Nagaland', zone: 'remote' },
  { code: 'OD', name: 'Odisha', zone: 'national' },
  { code: 'PY', name: 'Puducherry', zone: 'national' },
  { code: 'PB', name: 'Punjab', zone: 'regional' },
  { code: 'RJ', name: 'Rajasthan', zone: 'regional' },
  { code: 'SK', name: 'Sikkim', zone: 'remote' },
  { code: 'TN', name: 'Tamil Nadu', zone: 'national' },
  { code: 'TS', name: 'Telangana', zone: 'national' },
  { code: 'TR', name: 'Tripura', zone: 'remote' },
  { code: 'UP', name: 'Uttar Pradesh', zone: 'regional' },
  { code: 'UK', name: 'Uttarakhand', zone: 'regional' },
  { code: 'WB', name: 'West Bengal', zone: 'national' },
] as const satisfies ReadonlyArray<{ code: string; name: string; zone: DeliveryZone }>;

export type IndiaState = (typeof INDIA_STATES)[number];

/** The state or union territory a shopper typed, by name (any case, spaces and "&" for "and" tolerated). */
export function findIndiaState(typed: string): IndiaState | null {
  const key = (s: string) => s.toLowerCase().replace(/&/g, 'and').replace(/\s+/g, ' ').trim();
  const wanted = key(typed);
  return INDIA_STATES.find((s) => key(s.name) === wanted) ?? null;
}

export const stateByCode = (code: string): IndiaState | null => INDIA_STATES.find((s) => s.code === code) ?? null;

/**
 * Days to deliver and whether pay on delivery is offered, per zone (docs/pincodes.md "Serviceability"): orders ship
 * from the Delhi warehouse, so Delhi is next day or two, the states around it two to four days, the rest of the
 * mainland three to six, and the islands, the north-east, Jammu and Kashmir and Ladakh five to nine, prepaid only.
 */
export const ZONE_SERVICE: Record<DeliveryZone, { min_days: number; max_days: number; cod: boolean }> = {
  local: { min_days: 1, max_days: 2, cod: true },
  regional: { min_days: 2, max_days: 4, cod: true },
  national: { min_days: 3, max_days: 6, cod: true },
  remote: { min_days: 5, max_days: 9, cod: false },
};

/**
 * Service to a pincode the directory does not list, in one of these states (docs/pincodes.md "Pincodes the
 * directory does not list"): delivered, in the slowest of their zones' days, and prepaid only, since no courier
 * has confirmed cash collection there. Null when none of them is a state of India.
 */
export function unlistedPincodeService(states: readonly string[]) {
  const zones = states.map((s) => findIndiaState(s)).filter((s) => s !== null);
  if (!zones.length) return null;
  return {
    serviceable: true,
    cod_available: false,
    min_days: Math.max(...zones.map((s) => ZONE_SERVICE[s.zone].min_days)),
    max_days: Math.max(...zones.map((s) => ZONE_SERVICE[s.zone].max_days)),
  };
}
