import type { FastifyInstance } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import {
  CATALOGUE_EDIT_MESSAGES,
  PUBLISH_MESSAGES,
  ProductParams,
  ProductPublishRequest,
  ProductPublishResponse,
  STOCK_EDIT_MESSAGES,
  StaffVariantQuery,
  StaffVariantsResponse,
  VariantPriceParams,
  VariantPriceRequest,
  VariantPriceResponse,
  VariantStockRequest,
  VariantStockResponse,
} from '../../../schemas/staff.ts';
import { PRODUCT_IMAGE_LIMITS, PRODUCT_IMAGE_MESSAGES, ProductImageResponse } from '../../../schemas/staff-catalogue.ts';
import { productImage } from '../../../schemas/images.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { AppError, Conflict, NotFound } from '../../http/errors.ts';
import {
  catalogueChanged,
  type PriceEditResult,
  saveDeclarations,
  setProductPublished,
  setVariantPrice,
  staffDeclarations,
} from '../../modules/catalogue/index.ts';
import { DECLARATION_MESSAGES, DeclarationsUpdate, StaffDeclarationsResponse } from '../../../schemas/declarations.ts';
import { adjustStock, heldUnits } from '../../modules/inventory/index.ts';
import { recordAudit } from '../../modules/staff/index.ts';
import { receiveFile } from './csv.ts';
import { setProductImage } from './product-image.ts';

// The console's catalogue: find variants, edit price and MRP (docs/decisions/019). The storefront's caches follow
// the database (docs/caches-across-instances.md); this instance applies the change before answering.

const LIMIT = 25;

export async function staffCatalogueRoutes(root: FastifyInstance, { db }: { db: Db }) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  app.get(
    '/api/ops/catalogue/variants',
    {
      config: { opsPermission: 'catalogue:read' },
      schema: {
        summary: 'Variants with their price and stock, for the console',
        operationId: 'listOpsVariants',
        querystring: StaffVariantQuery,
        response: { 200: StaffVariantsResponse },
      },
    },
    async (req) => {
      const { q } = req.query;
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
          'p.is_published',
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
      const held = await heldUnits(
        db,
        rows.map((r) => r.id),
      );
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
          held: held.get(r.id) ?? 0,
          is_published: r.is_published,
        })),
      });
    },
  );

  app.post(
    '/api/ops/catalogue/variants/:variantId/price',
    {
      config: { opsPermission: 'catalogue:write' },
      schema: {
        summary: "Change a variant's price",
        operationId: 'setVariantPrice',
        params: VariantPriceParams,
        body: VariantPriceRequest,
        response: { 200: VariantPriceResponse },
      },
    },
    async (req) => {
      const { variantId } = req.params;
      const body = req.body;
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

  app.post(
    '/api/ops/catalogue/variants/:variantId/stock',
    {
      config: { opsPermission: 'catalogue:write' },
      schema: {
        summary: "Change a variant's stock",
        operationId: 'setVariantStock',
        params: VariantPriceParams,
        body: VariantStockRequest,
        response: { 200: VariantStockResponse },
      },
    },
    async (req) => {
      const { variantId } = req.params;
      const body = req.body;
      const actor = req.opsActor?.kind === 'staff' ? `staff:${req.opsActor.staff.id}` : 'token';
      const result = await db.transaction().execute(async (trx) => {
        // The variant's row is locked first, as checkout takes it: no order takes or releases units meanwhile.
        const row = await trx.selectFrom('variants').select(['id', 'stock']).where('id', '=', variantId).forUpdate().executeTakeFirst();
        if (!row) throw new NotFound(`No variant ${variantId}.`);
        const held = (await heldUnits(trx, [variantId])).get(variantId) ?? 0;
        const before = { stock: row.stock, held, on_hand: row.stock + held };
        if (row.stock !== body.expected_stock) throw new Conflict(STOCK_EDIT_MESSAGES.stale, { current: before });
        // The units live orders hold are on the shelf until they ship: a count below them cannot be right.
        if (body.on_hand < held) throw new AppError(422, STOCK_EDIT_MESSAGES.belowHeld(held), { current: before });
        const delta = body.on_hand - held - row.stock;
        const note = body.note ? `${body.reason}: ${body.note}` : body.reason;
        const stock = await adjustStock(trx, variantId, delta, { staff: actor, note });
        if (stock === null) throw new Conflict(STOCK_EDIT_MESSAGES.stale, { current: before });
        const after = { stock, held, on_hand: stock + held };
        await recordAudit(trx, req, { action: 'variant.stock', target: `variant:${variantId}`, before, after: { ...after, reason: note } });
        return { variant_id: variantId, before, after };
      });
      await catalogueChanged(db);
      return ok(result, STOCK_EDIT_MESSAGES.saved);
    },
  );

  app.post(
    '/api/ops/catalogue/products/:productId/publish',
    {
      config: { opsPermission: 'catalogue:write' },
      schema: {
        summary: 'Publish or unpublish a product',
        operationId: 'publishProduct',
        params: ProductParams,
        body: ProductPublishRequest,
        response: { 200: ProductPublishResponse },
      },
    },
    async (req) => {
      const { productId } = req.params;
      const { published } = req.body;
      await db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('products').select('is_published').where('id', '=', productId).forUpdate().executeTakeFirst();
        if (!row) throw new NotFound(`No product ${productId}.`);
        if (row.is_published !== published) await setProductPublished(trx, productId, published);
        await recordAudit(trx, req, {
          action: published ? 'product.publish' : 'product.unpublish',
          target: `product:${productId}`,
          before: { is_published: row.is_published },
          after: { is_published: published },
        });
      });
      await catalogueChanged(db);
      return ok({ product_id: productId, is_published: published }, published ? PUBLISH_MESSAGES.published : PUBLISH_MESSAGES.unpublished);
    },
  );
  // The product's own image: its first view on the storefront (the product page, cards and search) from now on.
  app.post(
    '/api/ops/catalogue/products/:productId/image',
    {
      config: { opsPermission: 'catalogue:write' },
      schema: {
        summary: "Upload a product's own image",
        operationId: 'uploadOpsProductImage',
        params: ProductParams,
        response: { 200: ProductImageResponse },
      },
    },
    async (req) => {
      const { productId } = req.params;
      const bytes = await receiveFile(req, PRODUCT_IMAGE_LIMITS.maxBytes, PRODUCT_IMAGE_MESSAGES.tooLarge);
      const { version } = await setProductImage(db, req, productId, bytes);
      const first = await db
        .selectFrom('variants')
        .select('id')
        .where('product_id', '=', productId)
        .orderBy('position')
        .orderBy('id')
        .executeTakeFirst();
      await catalogueChanged(db);
      return ok({ product_id: productId, image_url: first ? `${productImage(first.id)}?v=${version}` : '' }, PRODUCT_IMAGE_MESSAGES.saved);
    },
  );

  // The label's declarations (docs/product-declarations.md): read by any catalogue reader, written by the catalogue
  // role with the version its editor saw (a stale one is a 409 with the current values) and audited with the change.
  app.get(
    '/api/ops/catalogue/products/:productId/declarations',
    {
      config: { opsPermission: 'catalogue:read' },
      schema: {
        summary: "A product's label declarations, for the console",
        operationId: 'getOpsProductDeclarations',
        params: ProductParams,
        response: { 200: StaffDeclarationsResponse },
      },
    },
    async (req) => {
      const { productId } = req.params;
      const found = await staffDeclarations(db, productId);
      if (!found) throw new NotFound(`No product ${productId}.`);
      return ok(found);
    },
  );

  app.post(
    '/api/ops/catalogue/products/:productId/declarations',
    {
      config: { opsPermission: 'catalogue:write' },
      schema: {
        summary: "Edit a product's label declarations (optimistic version)",
        operationId: 'setOpsProductDeclarations',
        params: ProductParams,
        body: DeclarationsUpdate,
        response: { 200: StaffDeclarationsResponse },
      },
    },
    async (req) => {
      const { productId } = req.params;
      const { expected_version, ...input } = req.body;
      const target = `product:${productId}`;
      const saved = await db.transaction().execute(async (trx) => {
        const before = await staffDeclarations(trx, productId);
        if (!before) throw new NotFound(`No product ${productId}.`);
        const result = await saveDeclarations(trx, productId, expected_version, input);
        if (result.kind === 'stale') throw new Conflict(DECLARATION_MESSAGES.stale, { current: before });
        if (result.kind === 'unknown_variant') throw new AppError(400, DECLARATION_MESSAGES.unknownVariant);
        const after = (await staffDeclarations(trx, productId)) as NonNullable<typeof before>;
        await recordAudit(trx, req, { action: 'product.declarations', target, before, after });
        return after;
      });
      await catalogueChanged(db);
      return ok(saved, DECLARATION_MESSAGES.saved);
    },
  );
}
