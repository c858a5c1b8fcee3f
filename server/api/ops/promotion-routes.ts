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
import { BadRequest, Conflict } from '../../http/errors.ts';
import {
  consoleBankOffers,
  consoleDeliveryRules,
  consoleFreebies,
  createBankOffer,
  createFreebie,
  lockBankOfferForEdit,
  lockDeliveryRuleForEdit,
  lockFreebieForEdit,
  saveBankOffer,
  saveDeliveryRule,
  saveFreebie,
} from '../../modules/cart/index.ts';
import {
  catalogueChanged,
  consoleSalePages,
  createSalePage,
  lockSalePageForEdit,
  publishedProductIds,
  type SaleSectionInput,
  saveSalePage,
  variantPublished,
} from '../../modules/catalogue/index.ts';
import { recordAudit } from '../../modules/staff/index.ts';
import { versionedEdit } from './versioned-edit.ts';

// The console's promotions beyond coupons (docs/decisions/019): bank offers, free gifts, the delivery charge and the
// sale pages, the rows the cart, checkout and storefront read (server/modules/cart/bank-offers.ts, freebie-rules.ts,
// the delivery rule, server/modules/catalogue/offers.ts). The cart reads its tables on every request; the
// storefront's content cache follows the content counter these tables move, and this instance refreshes before
// answering (docs/caches-across-instances.md). Impossible rules are refused by the request schemas
// (schemas/staff.ts). An edit names the version its editor saw: a stale one is a 409 with the current row and the
// fields changed since (versioned-edit.ts, the one path of every versioned promotion edit).

const iso = (d: Date | string) => new Date(d).toISOString();

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

async function freebieView(db: Db, id: number): Promise<StaffFreebie> {
  const [row] = await consoleFreebies(db, id);
  if (!row) throw new Error(`free gift ${id} vanished inside its transaction`);
  return row;
}

/** A gift is a variant of a published product: shoppers must be able to see what they get. */
async function checkGiftVariant(db: Db, variantId: number) {
  const published = await variantPublished(db, variantId);
  if (published === undefined) throw new BadRequest(PROMOTION_MESSAGES.unknownVariant);
  if (!published) throw new BadRequest(PROMOTION_MESSAGES.unpublishedVariant);
}

const deliveryView = (r: StaffDeliveryRule): StaffDeliveryRule => ({ ...r, free_from: Number(r.free_from), charge: Number(r.charge) });

// ---- sale pages ---------------------------------------------------------------------------------------------

/** Every listed product must be a published product: a sale cannot show what shoppers cannot buy. */
async function checkSaleProducts(db: Db, sections: readonly SaleSectionInput[]) {
  const ids = [...new Set(sections.flatMap((s) => s.product_ids))];
  if (ids.length === 0) return;
  const found = await publishedProductIds(db, ids);
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
      const rows = await consoleBankOffers(db);
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
      const saved = await versionedEdit(db, req, {
        target: `bank_offer:${id}`,
        what: 'bank offer',
        action: 'bank_offer.update',
        expected: expected_version,
        missing: `No bank offer ${id}.`,
        lock: (trx) => lockBankOfferForEdit(trx, id),
        view: (_trx, row) => bankOfferView(row as BankOfferRow),
        save: async (trx, version) => bankOfferView((await saveBankOffer(trx, id, version, bankOfferValues(input))) as BankOfferRow),
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
      return ok({ freebies: await consoleFreebies(db) });
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
        const after = await freebieView(trx, row.id);
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
      const saved = await versionedEdit(db, req, {
        target: `freebie:${id}`,
        what: 'free gift',
        action: 'freebie.update',
        expected: expected_version,
        missing: `No free gift ${id}.`,
        lock: (trx) => lockFreebieForEdit(trx, id),
        view: (trx) => freebieView(trx, id),
        save: async (trx, version) => {
          await saveFreebie(trx, id, version, input);
          return freebieView(trx, id);
        },
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
      return ok({ delivery_rules: (await consoleDeliveryRules(db)).map(deliveryView) });
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
      const saved = await versionedEdit(db, req, {
        target: `delivery_rule:${id}`,
        what: 'delivery charge',
        action: 'delivery_rule.update',
        expected: expected_version,
        missing: `No delivery rule ${id}.`,
        lock: (trx) => lockDeliveryRuleForEdit(trx, id),
        view: (_trx, row) => deliveryView(row),
        save: async (trx, version) => deliveryView(await saveDeliveryRule(trx, id, version, input)),
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
      return ok({ sale_pages: await consoleSalePages(db) });
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
        const [after] = await consoleSalePages(trx, [row.id]);
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
      const salePage = async (trx: Db) => ((await consoleSalePages(trx, [id])) as [StaffSalePage])[0];
      const saved = await versionedEdit(db, req, {
        target: `sale_page:${id}`,
        what: 'sale page',
        action: 'sale_page.update',
        expected: expected_version,
        missing: `No sale page ${id}.`,
        lock: (trx) => lockSalePageForEdit(trx, id),
        view: (trx) => salePage(trx),
        save: async (trx, version) => {
          await saveSalePage(trx, id, version, salePageValues(input), input.sections);
          return salePage(trx);
        },
      });
      await catalogueChanged(db);
      return ok(saved, PROMOTION_MESSAGES.salePageSaved);
    },
  );
}
