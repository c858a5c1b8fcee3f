import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { RetailerRequest, Store } from '../../../schemas/content-pages.ts';
import type { Db } from '../../db/database.ts';
import { NotFound } from '../../http/errors.ts';
import { clientKey, enforceLimit } from '../../http/rate-limit.ts';
import { enqueueMessage, signalOutbox } from '../../messaging/index.ts';
import * as q from './queries.ts';

// Store locator (SPEC §7 cities-list, stores-list) and retailer details (add-retailer-info).

export const citiesList = (db: Db) => q.citiesWithStores(db);

/** A map-free directions link: opens the shopper's maps app at the store (no map is embedded in the page). */
export const directionsUrl = (lat: number, lng: number) =>
  `https://www.google.com/maps/dir/?api=1&destination=${lat.toFixed(6)},${lng.toFixed(6)}`;

export async function storesList(db: Db, citySlug?: string): Promise<Store[]> {
  if (citySlug && !(await q.cityExists(db, citySlug))) throw new NotFound('City not found.');
  const rows = await q.stores(db, citySlug);
  return rows.map((r) => ({
    ...r,
    directions_url: directionsUrl(r.latitude, r.longitude),
    tel: `tel:${r.phone.replace(/[^\d+]/g, '')}`,
  }));
}

export const RETAILER_LIMITS = { perClientPerHour: 5, perRecipientPerDay: 2 } as const;
export const RETAILER_TOO_MANY = 'We have received several requests just now. Please try again later.';

const reference = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex').toUpperCase()}`;

/** Stores the request and queues the acknowledgement email in the same transaction (the outbox sends it). */
export async function addRetailerInfo(db: Db, input: z.output<typeof RetailerRequest>, ip: string) {
  // Counted per client address and per recipient in the database, before anything is stored or sent.
  await enforceLimit(db, `retailer:ip:${clientKey(ip)}`, RETAILER_LIMITS.perClientPerHour, 3600, RETAILER_TOO_MANY);
  await enforceLimit(db, `retailer:to:${input.email}`, RETAILER_LIMITS.perRecipientPerDay, 86_400, RETAILER_TOO_MANY);
  const saved = await db.transaction().execute(async (tx) => {
    const row = await q.insertRetailerRequest(tx, {
      reference: reference('RTL'),
      full_name: input.full_name,
      business_name: input.business_name,
      mobile: input.mobile,
      email: input.email,
      city: input.city,
      pincode: input.pincode,
      gstin: input.gstin ?? null,
      message: input.message,
    });
    await enqueueMessage(tx, {
      channel: 'email',
      to: input.email,
      subject: `We received your retailer request ${row.reference}`,
      // A fixed text with none of the sender's words: anyone may post this form, to any address (README "Security").
      body: `Hello,\n\nThank you for your interest in selling Kasrat's authentic supplements. Your request ${row.reference} is with our retail team, who will call you within 3 working days.\n\nIf you did not send this request, please ignore this email.\n\nTeam Kasrat`,
    });
    return row;
  });
  signalOutbox();
  return { reference: saved.reference };
}
