import type { FastifyInstance } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import {
  COUPON_MESSAGES,
  CouponCreateRequest,
  CouponParams,
  CouponUpdate,
  type StaffCoupon,
  StaffCouponResponse,
  StaffCouponsResponse,
} from '../../../schemas/staff.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { BadRequest, Conflict } from '../../http/errors.ts';
import { consoleCoupons, type CouponRow, createCoupon, lockCouponForEdit, saveCoupon } from '../../modules/cart/index.ts';
import { brandExists, categoryExists } from '../../modules/catalogue/index.ts';
import { recordAudit } from '../../modules/staff/index.ts';
import { versionedEdit } from './versioned-edit.ts';

// The console's coupons (docs/decisions/019): list, create and edit the rows the cart's coupon rules read
// (server/modules/cart/coupon-rules.ts). The cart reads the table on every apply, so a change holds at once.
// Impossible rules are refused by the request schema (schemas/staff.ts); a scope that names no brand or category
// is a 400 here. Every write records before / after in the audit trail, in the write's transaction. An edit names
// the version its editor saw, as every promotion's (versioned-edit.ts): a stale one is a 409 naming what changed.

const view = (r: CouponRow): StaffCoupon => ({
  ...r,
  min_cart: Number(r.min_cart),
  used: Number(r.used),
  starts_at: new Date(r.starts_at).toISOString(),
  ends_at: new Date(r.ends_at).toISOString(),
});

async function checkScope(db: Db, input: { brand_id: number | null; category_id: number | null }) {
  if (input.brand_id !== null && !(await brandExists(db, input.brand_id))) throw new BadRequest(COUPON_MESSAGES.unknownBrand);
  if (input.category_id !== null && !(await categoryExists(db, input.category_id))) throw new BadRequest(COUPON_MESSAGES.unknownCategory);
}

export async function staffCouponRoutes(root: FastifyInstance, { db }: { db: Db }) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  app.get(
    '/api/ops/coupons',
    {
      config: { opsPermission: 'promotions:read' },
      schema: { summary: 'Coupon rules, for the console', operationId: 'listOpsCoupons', response: { 200: StaffCouponsResponse } },
    },
    async () => {
      return ok({ coupons: (await consoleCoupons(db)).map(view) });
    },
  );

  app.post(
    '/api/ops/coupons',
    {
      config: { opsPermission: 'promotions:write' },
      schema: {
        summary: 'Create a coupon rule',
        operationId: 'createCoupon',
        body: CouponCreateRequest,
        response: { 200: StaffCouponResponse },
      },
    },
    async (req) => {
      const input = req.body;
      await checkScope(db, input);
      const created = await db.transaction().execute(async (trx) => {
        const row = await createCoupon(trx, { ...input, starts_at: new Date(input.starts_at), ends_at: new Date(input.ends_at) });
        if (!row) return null;
        const after = view(row);
        await recordAudit(trx, req, { action: 'coupon.create', target: `coupon:${row.code}`, after });
        return after;
      });
      if (!created) throw new Conflict(COUPON_MESSAGES.exists(input.code));
      return ok(created, COUPON_MESSAGES.created);
    },
  );

  app.post(
    '/api/ops/coupons/:code',
    {
      config: { opsPermission: 'promotions:write' },
      schema: {
        summary: 'Change or switch off a coupon rule (optimistic version)',
        operationId: 'updateCoupon',
        params: CouponParams,
        body: CouponUpdate,
        response: { 200: StaffCouponResponse },
      },
    },
    async (req) => {
      const code = req.params.code.toUpperCase();
      const { expected_version, ...input } = req.body;
      await checkScope(db, input);
      const values = { ...input, starts_at: new Date(input.starts_at), ends_at: new Date(input.ends_at) };
      const saved = await versionedEdit(db, req, {
        target: `coupon:${code}`,
        what: 'coupon',
        action: 'coupon.update',
        expected: expected_version,
        missing: `No coupon ${code}.`,
        lock: (trx) => lockCouponForEdit(trx, code),
        view: (_trx, row) => view(row),
        save: async (trx, version) => view(await saveCoupon(trx, code, version, values)),
      });
      return ok(saved, COUPON_MESSAGES.saved);
    },
  );
}
