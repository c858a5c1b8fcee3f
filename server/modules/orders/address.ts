import type { PickupAddress } from '../../../schemas/orders.ts';

/** The delivery address snapshot of an order, read whatever names the checkout stored it under. */
export function readAddress(json: unknown): PickupAddress & { email: string | null; country: string } {
  const a = (json ?? {}) as Record<string, unknown>;
  const s = (...keys: string[]) => {
    for (const k of keys) if (typeof a[k] === 'string' && a[k]) return a[k] as string;
    return '';
  };
  const line = [s('address', 'customer_address_line', 'line1'), s('landmark')].filter(Boolean).join(', ');
  return {
    full_name: s('full_name', 'customer_address_full_name', 'name'),
    address: line,
    city: s('city', 'customer_address_city'),
    state: s('state', 'customer_address_state'),
    pincode: s('pincode', 'postcode'),
    mobile: s('mobile', 'customer_address_phone', 'phone'),
    email: s('email', 'customer_address_email') || null,
    country: s('country', 'customer_address_country') || 'India',
  };
}
