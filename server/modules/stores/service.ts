import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { RetailerRequest, Store } from '../../../schemas/content-pages.ts';
import type { Db } from '../../db/database.ts';
import { NotFound } from '../../http/errors.ts';
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

const reference = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex').toUpperCase()}`;

/** Stores the request and queues the acknowledgement email in the same transaction (the outbox sends it). */
export async function addRetailerInfo(db: Db, input: z.output<typeof RetailerRequest>) {
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
      body: `Hello ${input.full_name},\n\nThank you for your interest in selling Kasrat's authentic supplements at ${input.business_name}, ${input.city}. Your request ${row.reference} is with our retail team, who will call you on ${input.mobile} within 3 working days.\n\nTeam Kasrat`,
    });
    return row;
  });
  signalOutbox();
  return { reference: saved.reference };
}
