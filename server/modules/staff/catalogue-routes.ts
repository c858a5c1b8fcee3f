import type { FastifyInstance } from 'fastify';
import {
  CATALOGUE_EDIT_MESSAGES,
  StaffVariantQuery,
  StaffVariantsResponse,
  VariantPriceParams,
  VariantPriceRequest,
  VariantPriceResponse,
} from '../../../schemas/staff.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { Conflict, NotFound } from '../../http/errors.ts';
import { requireOps } from '../../http/ops.ts';
import { parse } from '../../http/validate.ts';
import { catalogueChanged, type PriceEditResult, setVariantPrice } from '../catalogue/index.ts';
import { recordAudit } from './audit.ts';

// The console's catalogue: find variants, edit price and MRP (docs/decisions/019). The storefront's caches follow
// the database (docs/caches-across-instances.md); this instance applies the change before answering.

const LIMIT = 50;

export async function staffCatalogueRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get(
    '/api/ops/catalogue/variants',
    { config: { opsPermission: 'catalogue:read' }, schema: { querystring: StaffVariantQuery, response: { 200: StaffVariantsResponse } } },
    async (req) => {
      requireOps(req);
      const { q } = parse(StaffVariantQuery, req.query);
      let query = db
        .selectFrom('variants as v')
        .innerJoin('products as p', 'p.id', 'v.product_id')
        .select([
          'v.id',
          'v.product_id',
          'p.name',
          'p.slug',
          'v.sku',
          'v.flavour',
          'v.weight',
          'v.pack_size',
          'v.sale_price',
          'v.mrp',
          'v.stock',
        ])
        .orderBy('p.name')
        .orderBy('v.position')
        .orderBy('v.id')
        .limit(LIMIT);
      if (q) {
        const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) => eb.or([eb('p.name', 'ilike', like), eb('v.sku', 'ilike', like)]));
      }
      const rows = await query.execute();
      return ok({
        variants: rows.map((r) => ({
          variant_id: r.id,
          product_id: r.product_id,
          product_name: r.name,
          slug: r.slug,
          sku: r.sku,
          label: [r.flavour, r.weight, r.pack_size].filter(Boolean).join(' · '),
          price: r.sale_price,
          mrp: r.mrp,
          stock: r.stock,
        })),
      });
    },
  );

  app.post(
    '/api/ops/catalogue/variants/:variantId/price',
    {
      config: { opsPermission: 'catalogue:write' },
      schema: { params: VariantPriceParams, body: VariantPriceRequest, response: { 200: VariantPriceResponse } },
    },
    async (req) => {
      requireOps(req);
      const { variantId } = parse(VariantPriceParams, req.params);
      const body = parse(VariantPriceRequest, req.body);
      const edit = { price: body.price, mrp: body.mrp, expected: { price: body.expected_price, mrp: body.expected_mrp } };
      // The change and its audit entry commit together.
      const result: PriceEditResult = await db.transaction().execute(async (trx) => {
        const r = await setVariantPrice(trx, variantId, edit);
        if (r.kind === 'changed')
          await recordAudit(trx, req, { action: 'variant.price', target: `variant:${variantId}`, before: r.before, after: r.after });
        return r;
      });
      if (result.kind === 'missing') throw new NotFound(`No variant ${variantId}.`);
      if (result.kind === 'stale') throw new Conflict(CATALOGUE_EDIT_MESSAGES.stale, { current: result.current });
      await catalogueChanged(db);
      return ok({ before: result.before, after: result.after }, CATALOGUE_EDIT_MESSAGES.saved);
    },
  );
}
