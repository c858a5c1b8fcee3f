import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import {
  ADDRESS_MESSAGES,
  ADDRESS_TYPES,
  type Address,
  AddressDeleteQuery,
  AddressInput,
  type CartAddress,
  MAX_ADDRESSES,
  PincodeQuery,
} from '../../../schemas/account.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { BadRequest, NotFound } from '../../http/errors.ts';
import { parse } from '../../http/validate.ts';
import { requireCustomer } from './profile.ts';

// /api/myAddress (SPEC §7). Every query is scoped to the signed-in customer: another customer's address is
// simply "not found".

const ADDRESS_NOT_FOUND = 'Address not found';

export interface AddressRow {
  id: number;
  full_name: string;
  mobile: string;
  c_code: string;
  email: string | null;
  pincode: string;
  address: string;
  landmark: string | null;
  city: string;
  state: string;
  country: string;
  address_type: number;
  is_default: boolean;
}

const COLUMNS = [
  'id',
  'full_name',
  'mobile',
  'c_code',
  'email',
  'pincode',
  'address',
  'landmark',
  'city',
  'state',
  'country',
  'address_type',
  'is_default',
] as const;

export function toAddress(r: AddressRow): Address {
  const type = (r.address_type === 1 || r.address_type === 2 ? r.address_type : 3) as 1 | 2 | 3;
  return {
    address_id: r.id,
    full_name: r.full_name,
    mobile: r.mobile,
    c_code: r.c_code,
    email: r.email,
    pincode: r.pincode,
    address: r.address,
    landmark: r.landmark,
    city: r.city,
    state: r.state,
    country: r.country,
    address_type: type,
    address_type_name: ADDRESS_TYPES[type],
    is_default: r.is_default,
  };
}

async function listAddresses(db: Db, customerId: number): Promise<AddressRow[]> {
  return db
    .selectFrom('addresses')
    .select(COLUMNS)
    .where('customer_id', '=', customerId)
    .orderBy('is_default', 'desc')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function addressRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/api/myAddress/user-address-list', async (req) => {
    const customer = await requireCustomer(db, req);
    return ok((await listAddresses(db, customer.id)).map(toAddress));
  });

  // For the cart and checkout: each address says whether it can be delivered to, and with cash on delivery.
  app.get('/api/myAddress/cart-address-list', async (req) => {
    const customer = await requireCustomer(db, req);
    const rows = await listAddresses(db, customer.id);
    const pins = rows.length
      ? await db
          .selectFrom('pincodes')
          .select(['pincode', 'serviceable', 'cod_available'])
          .where('pincode', 'in', [...new Set(rows.map((r) => r.pincode))])
          .execute()
      : [];
    const byPin = new Map(pins.map((p) => [p.pincode, p]));
    const data: CartAddress[] = rows.map((r) => ({
      ...toAddress(r),
      serviceable: byPin.get(r.pincode)?.serviceable ?? false,
      cod_available: byPin.get(r.pincode)?.cod_available ?? false,
    }));
    return ok(data);
  });

  app.post('/api/myAddress/user-address-add-update', async (req) => {
    const customer = await requireCustomer(db, req);
    const body = parse(AddressInput, req.body);
    const pin = await db.selectFrom('pincodes').select(['city', 'state']).where('pincode', '=', body.pincode).executeTakeFirst();
    if (!pin) throw new BadRequest(ADDRESS_MESSAGES.pincodeUnknown);
    const values = {
      full_name: body.full_name,
      mobile: body.mobile,
      c_code: body.c_code,
      email: body.email || null,
      pincode: body.pincode,
      address: body.address,
      landmark: body.landmark || null,
      // The pincode table is the authority for where a pincode is.
      city: pin.city,
      state: pin.state,
      address_type: body.address_type,
      updated_at: new Date(),
    };
    const saved = await db.transaction().execute(async (trx) => {
      // Serialises one customer's address writes, so the limit and the single default hold under concurrency.
      await trx.selectFrom('customers').select('id').where('id', '=', customer.id).forUpdate().execute();
      let id: number;
      if (body.address_id) {
        const updated = await trx
          .updateTable('addresses')
          .set(values)
          .where('id', '=', body.address_id)
          .where('customer_id', '=', customer.id)
          .returning('id')
          .executeTakeFirst();
        if (!updated) throw new NotFound(ADDRESS_NOT_FOUND);
        id = updated.id;
      } else {
        const { n } = await trx
          .selectFrom('addresses')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('customer_id', '=', customer.id)
          .executeTakeFirstOrThrow();
        if (n >= MAX_ADDRESSES) throw new BadRequest(ADDRESS_MESSAGES.limit);
        const inserted = await trx
          .insertInto('addresses')
          .values({ ...values, customer_id: customer.id, is_default: false })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = inserted.id;
      }
      const hasDefault = await trx
        .selectFrom('addresses')
        .select('id')
        .where('customer_id', '=', customer.id)
        .where('is_default', '=', true)
        .executeTakeFirst();
      // The first address is the default; asking for a default moves it.
      if (body.is_default || !hasDefault) {
        await trx
          .updateTable('addresses')
          .set({ is_default: false })
          .where('customer_id', '=', customer.id)
          .where('is_default', '=', true)
          .execute();
        await trx.updateTable('addresses').set({ is_default: true }).where('id', '=', id).execute();
      }
      return trx.selectFrom('addresses').select(COLUMNS).where('id', '=', id).executeTakeFirstOrThrow();
    });
    return ok(toAddress(saved), body.address_id ? 'Address updated successfully' : 'Address added successfully');
  });

  app.delete('/api/myAddress/user-address-delete', async (req) => {
    const customer = await requireCustomer(db, req);
    const { address_id } = parse(AddressDeleteQuery, req.query);
    await db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('addresses')
        .where('id', '=', address_id)
        .where('customer_id', '=', customer.id)
        .returning('is_default')
        .executeTakeFirst();
      if (!removed) throw new NotFound(ADDRESS_NOT_FOUND);
      // The most recently used address inherits the default.
      if (removed.is_default) {
        const next = await trx
          .selectFrom('addresses')
          .select('id')
          .where('customer_id', '=', customer.id)
          .orderBy('updated_at', 'desc')
          .orderBy('id', 'desc')
          .executeTakeFirst();
        if (next) await trx.updateTable('addresses').set({ is_default: true }).where('id', '=', next.id).execute();
      }
    });
    return ok((await listAddresses(db, customer.id)).map(toAddress), 'Address deleted successfully');
  });

  // Public: the address form looks a pincode up before the shopper is asked for city and state.
  app.get('/api/myAddress/fetch-address-pincode', async (req) => {
    const { pincode, st } = parse(PincodeQuery, req.query);
    const pin = await db.selectFrom('pincodes').selectAll().where('pincode', '=', pincode).executeTakeFirst();
    if (!pin) throw new NotFound(ADDRESS_MESSAGES.pincodeUnknown);
    return ok({
      pincode: pin.pincode,
      city: pin.city,
      district: pin.district,
      state: pin.state,
      country: 'India',
      serviceable: pin.serviceable,
      cod_available: pin.cod_available,
      state_matches: st ? st.toLowerCase() === pin.state.toLowerCase() : null,
    });
  });
}
