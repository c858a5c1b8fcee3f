import type { FastifyInstance } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import { ADDRESS_MESSAGES, PincodeQuery, PincodeResponse, ServiceabilityQuery, ServiceabilityResponse } from '../../../schemas/account.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { NotFound } from '../../http/errors.ts';
import { findPincode, listedService, serviceabilityOf } from '../../modules/account/index.ts';

// Pincode look-ups of the address form and the delivery estimate (SPEC §7 /api/myAddress, docs/pincodes.md).

/** Public pincode calls. */
export async function pincodeRoutes(root: FastifyInstance, { db }: { db: Db }) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  // Public: the address form looks a pincode up before the shopper is asked for city and state.
  app.get(
    '/api/myAddress/fetch-address-pincode',
    {
      schema: {
        summary: 'City and state of a pincode, and whether it is served',
        operationId: 'lookUpPincode',
        response: { 200: PincodeResponse },
        querystring: PincodeQuery,
      },
    },
    async (req) => {
      const { pincode, st } = req.query;
      const pin = await findPincode(db, pincode);
      if (!pin) throw new NotFound(ADDRESS_MESSAGES.pincodeUnknown);
      return ok({
        pincode: pin.pincode,
        city: pin.city,
        district: pin.district,
        state: pin.state,
        country: 'India',
        ...listedService(pin),
        state_matches: st ? st.toLowerCase() === pin.state.toLowerCase() : null,
      });
    },
  );

  // Public: the delivery estimate of the product page, the cart and the address step (docs/pincodes.md).
  app.get(
    '/api/myAddress/pincode-serviceability',
    {
      schema: {
        summary: 'Whether a pincode is delivered to, in how many days, and with pay on delivery',
        operationId: 'pincodeServiceability',
        response: { 200: ServiceabilityResponse },
        querystring: ServiceabilityQuery,
      },
    },
    async (req) => {
      const service = await serviceabilityOf(db, req.query.pincode);
      if (!service) throw new NotFound(ADDRESS_MESSAGES.pincodeUnknown);
      return ok(service);
    },
  );
}
