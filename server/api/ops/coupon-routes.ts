import type { FastifyInstance } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import {
  COUPON_MESSAGES,
  CouponCreateRequest,
  CouponInput,
  CouponParams,
  type StaffCoupon,
  StaffCouponResponse,
  StaffCouponsResponse,
} from '../../../schemas/staff.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { BadRequest, Conflict, NotFound } from '../../http/errors.ts';
import { createCoupon, saveCoupon } from '../../modules/cart/index.ts';
import { recordAudit } from '../../modules/staff/index.ts';

// The console's coupons (docs/decisions/019): list, create and edit the rows the cart's coupon rules read
// (server/modules/cart/coupon-rules.ts). The cart reads the table on every apply, so a change holds at once.
// Impossible rules are refused by the request schema (schemas/staff.ts); a scope that names no brand or category
// is a 400 here. Every write records before / after in the audit trail, in the write's transaction.

type CouponRow = {
  code: string;
  description: string;
  kind: 'percent' | 'flat';
  value: number;
  max_discount: number | null;
  min_cart: number;
  brand_id: number | null;
  category_id: number | null;
  first_order_only: boolean;
  per_customer_limit: number | null;
  usage_limit: number | null;
  used: number;
  starts_at: Date | string;
  ends_at: Date | string;
  active: boolean;
};

const view = (r: CouponRow): StaffCoupon => ({
  ...r,
  min_cart: Number(r.min_cart),
  used: Number(r.used),
  starts_at: new Date(r.starts_at).toISOString(),
  ends_at: new Date(r.ends_at).toISOString(),
});

async function checkScope(db: Db, input: { brand_id: number | null; category_id: number | null }) {
  if (input.brand_id !== null && !(await db.selectFrom('brands').select('id').where('id', '=', input.brand_id).executeTakeFirst()))
    throw new BadRequest(COUPON_MESSAGES.unknownBrand);
  if (
    input.category_id !== null &&
    !(await db.selectFrom('categories').select('id').where('id', '=', input.category_id).executeTakeFirst())
  )
    throw new BadRequest(COUPON_MESSAGES.unknownCategory);
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
      const rows = await db.selectFrom('coupons').selectAll().orderBy('ends_at', 'desc').orderBy('code').limit(500).execute();
      return ok({ coupons: rows.map(view) });
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
        summary: 'Change or switch off a coupon rule',
        operationId: 'updateCoupon',
        params: CouponParams,
        body: CouponInput,
        response: { 200: StaffCouponResponse },
      },
    },
    async (req) => {
      const code = req.params.code.toUpperCase();
      const input = req.body;
      await checkScope(db, input);
      const saved = await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('coupons').selectAll().where('code', '=', code).forUpdate().executeTakeFirst();
        if (!before) return null;
        const row = await saveCoupon(trx, code, { ...input, starts_at: new Date(input.starts_at), ends_at: new Date(input.ends_at) });
        const after = view(row);
        await recordAudit(trx, req, { action: 'coupon.update', target: `coupon:${code}`, before: view(before), after });
        return after;
      });
      if (!saved) throw new NotFound(`No coupon ${code}.`);
      return ok(saved, COUPON_MESSAGES.saved);
    },
  );
}
