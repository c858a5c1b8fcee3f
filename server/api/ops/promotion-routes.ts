import type { FastifyInstance } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import {
  BankOfferInput,
  BankOfferUpdate,
  DeliveryRuleUpdate,
  FreebieInput,
  FreebieUpdate,
  PROMOTION_MESSAGES,
  PromotionIdParams,
  SalePageCreate,
  SalePageUpdate,
  type StaffBankOffer,
  StaffBankOfferResponse,
  StaffBankOffersResponse,
  type StaffDeliveryRule,
  StaffDeliveryRuleResponse,
  StaffDeliveryRulesResponse,
  type StaffFreebie,
  StaffFreebieResponse,
  StaffFreebiesResponse,
  type StaffSalePage,
  StaffSalePageResponse,
  StaffSalePagesResponse,
} from '../../../schemas/staff.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { BadRequest, Conflict, NotFound } from '../../http/errors.ts';
import { createBankOffer, createFreebie, saveBankOffer, saveDeliveryRule, saveFreebie } from '../../modules/cart/index.ts';
import { catalogueChanged, createSalePage, type SaleSectionInput, saveSalePage } from '../../modules/catalogue/index.ts';
import { recordAudit } from '../../modules/staff/index.ts';

// The console's promotions beyond coupons (docs/decisions/019): bank offers, free gifts, the delivery charge and the
// sale pages, the rows the cart, checkout and storefront read (server/modules/cart/bank-offers.ts, freebie-rules.ts,
// the delivery rule, server/modules/catalogue/offers.ts). The cart reads its tables on every request; the
// storefront's content cache follows the content counter these tables move, and this instance refreshes before
// answering (docs/caches-across-instances.md). Impossible rules are refused by the request schemas
// (schemas/staff.ts). An edit names the version its editor saw: a stale one is a 409 with the current row and the
// fields changed since, read from the audit trail (every write records before / after, in its transaction).

type Row = Record<string, unknown>;
const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));
const asObject = (v: unknown): Row | null => {
  const parsed = typeof v === 'string' ? (JSON.parse(v) as unknown) : v;
  return parsed && typeof parsed === 'object' ? (parsed as Row) : null;
};

/** The 409 of a stale edit: the row now, and the fields that differ from the version the editor saw. */
async function staleEdit(db: Db, target: string, what: string, expected: number, current: Row): Promise<Conflict> {
  const entries = await db
    .selectFrom('audit_log')
    .select(['before', 'after'])
    .where('target', '=', target)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  let seen: Row | null = null;
  for (const e of entries) {
    for (const side of [asObject(e.after), asObject(e.before)]) if (!seen && side?.version === expected) seen = side;
  }
  const changed = seen
    ? Object.keys(current).filter((k) => k !== 'version' && JSON.stringify(current[k]) !== JSON.stringify((seen as Row)[k]))
    : [];
  return new Conflict(PROMOTION_MESSAGES.stale(what, changed), { current, changed });
}

// ---- bank offers ------------------------------------------------------------------------------------------

type BankOfferRow = {
  id: number;
  bank: string;
  instrument: string;
  card_bins: string[] | null;
  kind: 'percent' | 'flat';
  value: number;
  max_discount: number | null;
  min_cart: number;
  description: string;
  starts_at: Date | string;
  ends_at: Date | string;
  active: boolean;
  version: number;
};
const bankOfferView = (r: BankOfferRow): StaffBankOffer => ({
  id: r.id,
  bank: r.bank,
  instrument: r.instrument,
  card_bins: r.card_bins ?? [],
  kind: r.kind,
  value: r.value,
  max_discount: r.max_discount,
  min_cart: Number(r.min_cart),
  description: r.description,
  starts_at: iso(r.starts_at),
  ends_at: iso(r.ends_at),
  active: r.active,
  version: r.version,
});
const bankOfferValues = (input: BankOfferInput) => ({
  ...input,
  card_bins: [...new Set(input.card_bins)],
  starts_at: new Date(input.starts_at),
  ends_at: new Date(input.ends_at),
});

// ---- free gifts and delivery -------------------------------------------------------------------------------

async function freebieView(
  db: Db,
  r: { id: number; variant_id: number; threshold: number; title: string; active: boolean; version: number },
) {
  const v = await db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['p.name', 'v.sku'])
    .where('v.id', '=', r.variant_id)
    .executeTakeFirst();
  return { ...r, product_name: v?.name ?? '', sku: v?.sku ?? '' } satisfies StaffFreebie;
}

/** A gift is a variant of a published product: shoppers must be able to see what they get. */
async function checkGiftVariant(db: Db, variantId: number) {
  const v = await db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select('p.is_published')
    .where('v.id', '=', variantId)
    .executeTakeFirst();
  if (!v) throw new BadRequest(PROMOTION_MESSAGES.unknownVariant);
  if (!v.is_published) throw new BadRequest(PROMOTION_MESSAGES.unpublishedVariant);
}

const deliveryView = (r: StaffDeliveryRule): StaffDeliveryRule => ({ ...r, free_from: Number(r.free_from), charge: Number(r.charge) });

// ---- sale pages ---------------------------------------------------------------------------------------------

async function salePageViews(db: Db, ids?: number[]): Promise<StaffSalePage[]> {
  let q = db.selectFrom('sale_pages').selectAll().orderBy('id');
  if (ids) q = q.where('id', 'in', ids);
  const pages = await q.execute();
  if (pages.length === 0) return [];
  const sections = await db
    .selectFrom('sale_page_sections')
    .selectAll()
    .where(
      'sale_page_id',
      'in',
      pages.map((p) => p.id),
    )
    .orderBy('position')
    .execute();
  const productIds = [...new Set(sections.flatMap((s) => s.product_ids ?? []))];
  const names = new Map(
    productIds.length
      ? (await db.selectFrom('products').select(['id', 'name']).where('id', 'in', productIds).execute()).map((p) => [p.id, p.name])
      : [],
  );
  return pages.map((p) => ({
    id: p.id,
    slug: p.slug,
    title: p.title,
    min_discount: p.min_discount,
    starts_at: isoOrNull(p.starts_at),
    ends_at: isoOrNull(p.ends_at),
    is_published: p.is_published,
    version: p.version,
    sections: sections
      .filter((s) => s.sale_page_id === p.id)
      .map((s) => ({
        section: s.section,
        is_hidden: s.is_hidden,
        products: (s.product_ids ?? []).map((id) => ({ product_id: id, name: names.get(id) ?? '' })),
      })),
  }));
}

/** Every listed product must be a published product: a sale cannot show what shoppers cannot buy. */
async function checkSaleProducts(db: Db, sections: readonly SaleSectionInput[]) {
  const ids = [...new Set(sections.flatMap((s) => s.product_ids))];
  if (ids.length === 0) return;
  const found = new Set(
    (await db.selectFrom('products').select('id').where('id', 'in', ids).where('is_published', '=', true).execute()).map((p) => p.id),
  );
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw new BadRequest(PROMOTION_MESSAGES.unknownProduct(missing));
}

const salePageValues = (input: {
  title: string;
  min_discount: number;
  starts_at: string | null;
  ends_at: string | null;
  is_published: boolean;
}) => ({
  title: input.title,
  min_discount: input.min_discount,
  starts_at: input.starts_at === null ? null : new Date(input.starts_at),
  ends_at: input.ends_at === null ? null : new Date(input.ends_at),
  is_published: input.is_published,
});

export async function staffPromotionRoutes(root: FastifyInstance, { db }: { db: Db }) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  const read = { opsPermission: 'promotions:read' } as const;
  const write = { opsPermission: 'promotions:write' } as const;

  // ---- bank offers ----
  app.get(
    '/api/ops/bank-offers',
    {
      config: read,
      schema: { summary: 'List the bank offers', operationId: 'listOpsBankOffers', response: { 200: StaffBankOffersResponse } },
    },
    async () => {
      const rows = await db
        .selectFrom('bank_offers')
        .selectAll()
        .orderBy('active', 'desc')
        .orderBy('ends_at', 'desc')
        .orderBy('id')
        .limit(500)
        .execute();
      return ok({ bank_offers: rows.map((r) => bankOfferView(r as BankOfferRow)) });
    },
  );

  app.post(
    '/api/ops/bank-offers',
    {
      config: write,
      schema: {
        summary: 'Create a bank offer',
        operationId: 'createOpsBankOffer',
        body: BankOfferInput,
        response: { 200: StaffBankOfferResponse },
      },
    },
    async (req) => {
      const input = req.body;
      const created = await db.transaction().execute(async (trx) => {
        const row = await createBankOffer(trx, bankOfferValues(input));
        const after = bankOfferView(row as BankOfferRow);
        await recordAudit(trx, req, { action: 'bank_offer.create', target: `bank_offer:${row.id}`, after });
        return after;
      });
      await catalogueChanged(db);
      return ok(created, PROMOTION_MESSAGES.bankOfferCreated);
    },
  );

  app.post(
    '/api/ops/bank-offers/:id',
    {
      config: write,
      schema: {
        summary: 'Edit a bank offer (optimistic version)',
        operationId: 'updateOpsBankOffer',
        params: PromotionIdParams,
        body: BankOfferUpdate,
        response: { 200: StaffBankOfferResponse },
      },
    },
    async (req) => {
      const { id } = req.params;
      const { expected_version, ...input } = req.body;
      const target = `bank_offer:${id}`;
      const saved = await db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('bank_offers').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
        if (!row) throw new NotFound(`No bank offer ${id}.`);
        const before = bankOfferView(row as BankOfferRow);
        if (row.version !== expected_version) throw await staleEdit(trx, target, 'bank offer', expected_version, before);
        const updated = await saveBankOffer(trx, id, row.version + 1, bankOfferValues(input));
        const after = bankOfferView(updated as BankOfferRow);
        await recordAudit(trx, req, { action: 'bank_offer.update', target, before, after });
        return after;
      });
      await catalogueChanged(db);
      return ok(saved, PROMOTION_MESSAGES.bankOfferSaved);
    },
  );

  // ---- free gifts ----
  app.get(
    '/api/ops/freebies',
    {
      config: read,
      schema: {
        summary: 'List the free gifts and their thresholds',
        operationId: 'listOpsFreebies',
        response: { 200: StaffFreebiesResponse },
      },
    },
    async () => {
      const rows = await db
        .selectFrom('freebies as f')
        .innerJoin('variants as v', 'v.id', 'f.variant_id')
        .innerJoin('products as p', 'p.id', 'v.product_id')
        .select(['f.id', 'f.variant_id', 'f.threshold', 'f.title', 'f.active', 'f.version', 'p.name as product_name', 'v.sku'])
        .orderBy('f.active', 'desc')
        .orderBy('f.threshold')
        .orderBy('f.id')
        .execute();
      return ok({ freebies: rows });
    },
  );

  app.post(
    '/api/ops/freebies',
    {
      config: write,
      schema: {
        summary: 'Create a free gift',
        operationId: 'createOpsFreebie',
        body: FreebieInput,
        response: { 200: StaffFreebieResponse },
      },
    },
    async (req) => {
      const input = req.body;
      await checkGiftVariant(db, input.variant_id);
      const created = await db.transaction().execute(async (trx) => {
        const row = await createFreebie(trx, input);
        const after = await freebieView(trx, row);
        await recordAudit(trx, req, { action: 'freebie.create', target: `freebie:${row.id}`, after });
        return after;
      });
      await catalogueChanged(db);
      return ok(created, PROMOTION_MESSAGES.freebieCreated);
    },
  );

  app.post(
    '/api/ops/freebies/:id',
    {
      config: write,
      schema: {
        summary: 'Edit a free gift (optimistic version)',
        operationId: 'updateOpsFreebie',
        params: PromotionIdParams,
        body: FreebieUpdate,
        response: { 200: StaffFreebieResponse },
      },
    },
    async (req) => {
      const { id } = req.params;
      const { expected_version, ...input } = req.body;
      await checkGiftVariant(db, input.variant_id);
      const target = `freebie:${id}`;
      const saved = await db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('freebies').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
        if (!row) throw new NotFound(`No free gift ${id}.`);
        const before = await freebieView(trx, row);
        if (row.version !== expected_version) throw await staleEdit(trx, target, 'free gift', expected_version, before);
        const updated = await saveFreebie(trx, id, row.version + 1, input);
        const after = await freebieView(trx, updated);
        await recordAudit(trx, req, { action: 'freebie.update', target, before, after });
        return after;
      });
      // A gift already in a cart whose value no longer reaches the new threshold leaves it on the cart's next
      // change (reconcileFreebies); the storefront lists follow at once.
      await catalogueChanged(db);
      return ok(saved, PROMOTION_MESSAGES.freebieSaved);
    },
  );

  // ---- delivery ----
  app.get(
    '/api/ops/delivery-rules',
    {
      config: read,
      schema: {
        summary: 'List the delivery charge rules',
        operationId: 'listOpsDeliveryRules',
        response: { 200: StaffDeliveryRulesResponse },
      },
    },
    async () => {
      const rows = await db.selectFrom('delivery_rules').selectAll().orderBy('id').execute();
      return ok({ delivery_rules: rows.map(deliveryView) });
    },
  );

  app.post(
    '/api/ops/delivery-rules/:id',
    {
      config: write,
      schema: {
        summary: 'Edit a delivery charge rule (optimistic version)',
        operationId: 'updateOpsDeliveryRule',
        params: PromotionIdParams,
        body: DeliveryRuleUpdate,
        response: { 200: StaffDeliveryRuleResponse },
      },
    },
    async (req) => {
      const { id } = req.params;
      const { expected_version, ...input } = req.body;
      const target = `delivery_rule:${id}`;
      const saved = await db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('delivery_rules').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
        if (!row) throw new NotFound(`No delivery rule ${id}.`);
        const before = deliveryView(row);
        if (row.version !== expected_version) throw await staleEdit(trx, target, 'delivery charge', expected_version, before);
        const updated = await saveDeliveryRule(trx, id, row.version + 1, input);
        const after = deliveryView(updated);
        await recordAudit(trx, req, { action: 'delivery_rule.update', target, before, after });
        return after;
      });
      return ok(saved, PROMOTION_MESSAGES.deliverySaved);
    },
  );

  // ---- sale pages ----
  app.get(
    '/api/ops/sale-pages',
    {
      config: read,
      schema: { summary: 'List the sale pages', operationId: 'listOpsSalePages', response: { 200: StaffSalePagesResponse } },
    },
    async () => {
      return ok({ sale_pages: await salePageViews(db) });
    },
  );

  app.post(
    '/api/ops/sale-pages',
    {
      config: write,
      schema: {
        summary: 'Create a sale page',
        operationId: 'createOpsSalePage',
        body: SalePageCreate,
        response: { 200: StaffSalePageResponse },
      },
    },
    async (req) => {
      const input = req.body;
      await checkSaleProducts(db, input.sections);
      const created = await db.transaction().execute(async (trx) => {
        const row = await createSalePage(trx, input.slug, salePageValues(input), input.sections);
        if (!row) return null;
        const [after] = await salePageViews(trx, [row.id]);
        await recordAudit(trx, req, { action: 'sale_page.create', target: `sale_page:${row.id}`, after });
        return after as StaffSalePage;
      });
      if (!created) throw new Conflict(PROMOTION_MESSAGES.salePageExists(input.slug));
      await catalogueChanged(db);
      return ok(created, PROMOTION_MESSAGES.salePageCreated);
    },
  );

  app.post(
    '/api/ops/sale-pages/:id',
    {
      config: write,
      schema: {
        summary: 'Edit a sale page and its sections (optimistic version)',
        operationId: 'updateOpsSalePage',
        params: PromotionIdParams,
        body: SalePageUpdate,
        response: { 200: StaffSalePageResponse },
      },
    },
    async (req) => {
      const { id } = req.params;
      const { expected_version, ...input } = req.body;
      await checkSaleProducts(db, input.sections);
      const target = `sale_page:${id}`;
      const saved = await db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('sale_pages').select(['id', 'version']).where('id', '=', id).forUpdate().executeTakeFirst();
        if (!row) throw new NotFound(`No sale page ${id}.`);
        const [before] = (await salePageViews(trx, [id])) as [StaffSalePage];
        if (row.version !== expected_version) throw await staleEdit(trx, target, 'sale page', expected_version, before);
        await saveSalePage(trx, id, row.version + 1, salePageValues(input), input.sections);
        const [after] = (await salePageViews(trx, [id])) as [StaffSalePage];
        await recordAudit(trx, req, { action: 'sale_page.update', target, before, after });
        return after;
      });
      await catalogueChanged(db);
      return ok(saved, PROMOTION_MESSAGES.salePageSaved);
    },
  );
}
