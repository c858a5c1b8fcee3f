import type { FastifyInstance } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import {
  AddressDeleteQuery,
  AddressInput,
  type CartAddress,
  CartAddressListResponse,
  AddressListResponse,
  AddressSaveResponse,
} from '../../../schemas/account.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { requireCustomer } from '../../modules/session/index.ts';
import {
  listedService,
  placeOf,
  unlistedService,
  deleteAddress,
  listAddresses,
  saveAddress,
  toAddress,
} from '../../modules/account/index.ts';

// The address book (SPEC §7 /api/myAddress). Every query is scoped to the signed-in customer: another customer's
// address is simply "not found".

export async function addressRoutes(root: FastifyInstance, { db }: { db: Db }) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  app.get(
    '/api/myAddress/user-address-list',
    {
      config: { access: 'customer' },
      schema: { summary: "The customer's addresses", operationId: 'listAddresses', response: { 200: AddressListResponse } },
    },
    async (req) => {
      const customer = await requireCustomer(db, req);
      return ok((await listAddresses(db, customer.id)).map(toAddress));
    },
  );

  // For the cart and checkout: each address says whether it can be delivered to, and with cash on delivery.
  app.get(
    '/api/myAddress/cart-address-list',
    {
      config: { access: 'customer' },
      schema: {
        summary: "The customer's addresses with whether each is deliverable",
        operationId: 'listCartAddresses',
        response: { 200: CartAddressListResponse },
      },
    },
    async (req) => {
      const customer = await requireCustomer(db, req);
      const rows = await listAddresses(db, customer.id);
      const pins = rows.length
        ? await db
            .selectFrom('pincodes')
            .select(['pincode', 'serviceable', 'cod_available', 'min_days', 'max_days'])
            .where('pincode', 'in', [...new Set(rows.map((r) => r.pincode))])
            .execute()
        : [];
      const byPin = new Map(pins.map((p) => [p.pincode, p]));
      // A pincode the directory does not list is served by the state the address was accepted with (docs/pincodes.md).
      const data: CartAddress[] = rows.map((r) => {
        const pin = byPin.get(r.pincode);
        return { ...toAddress(r), ...(pin ? listedService(pin) : unlistedService(r.state)) };
      });
      return ok(data);
    },
  );

  app.post(
    '/api/myAddress/user-address-add-update',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Add or change an address',
        operationId: 'saveAddress',
        response: { 200: AddressSaveResponse },
        body: AddressInput,
      },
    },
    async (req) => {
      const customer = await requireCustomer(db, req);
      const body = req.body;
      const place = await placeOf(db, body);
      const values = {
        full_name: body.full_name,
        mobile: body.mobile,
        c_code: body.c_code,
        email: body.email || null,
        pincode: body.pincode,
        address: body.address,
        landmark: body.landmark || null,
        city: place.city,
        state: place.state,
        address_type: body.address_type,
        updated_at: new Date(),
      };
      const saved = await saveAddress(db, customer.id, values, {
        addressId: body.address_id ?? null,
        makeDefault: Boolean(body.is_default),
      });
      return ok(toAddress(saved), body.address_id ? 'Address updated successfully' : 'Address added successfully');
    },
  );

  app.delete(
    '/api/myAddress/user-address-delete',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Delete an address',
        operationId: 'deleteAddress',
        response: { 200: AddressListResponse },
        querystring: AddressDeleteQuery,
      },
    },
    async (req) => {
      const customer = await requireCustomer(db, req);
      const { address_id } = req.query;
      await deleteAddress(db, customer.id, address_id);
      return ok((await listAddresses(db, customer.id)).map(toAddress), 'Address deleted successfully');
    },
  );
}
