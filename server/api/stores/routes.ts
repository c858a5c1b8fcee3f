import type { FastifyInstance } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import { RetailerRequest, StoresRequest, CitiesResponse, StoresResponse, RetailerResponse } from '../../../schemas/content-pages.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import * as service from '../../modules/stores/service.ts';

export async function storeRoutes(root: FastifyInstance, { db }: { db: Db }) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  app.get(
    '/api/store/cities-list',
    { schema: { summary: 'Cities with stores', operationId: 'listStoreCities', response: { 200: CitiesResponse } } },
    async () => ok(await service.citiesList(db)),
  );
  app.get(
    '/api/store/stores-list',
    {
      schema: {
        summary: 'Stores, optionally in one city',
        operationId: 'listStores',
        response: { 200: StoresResponse },
        querystring: StoresRequest,
      },
    },
    async (req) => {
      const { city } = req.query;
      return ok(await service.storesList(db, city));
    },
  );
  app.post(
    '/api/retailer/add-retailer-info',
    {
      schema: {
        summary: "A retailer's sign-up request",
        operationId: 'addRetailer',
        response: { 200: RetailerResponse },
        body: RetailerRequest,
      },
    },
    async (req) => {
      const input = req.body;
      const saved = await service.addRetailerInfo(db, input, req.ip);
      return ok(saved, `Thank you! Your request ${saved.reference} is received; our retail team will call you within 3 working days.`);
    },
  );
}
