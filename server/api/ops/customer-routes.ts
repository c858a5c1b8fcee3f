import type { FastifyInstance } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import {
  CUSTOMER_MESSAGES,
  CustomerBlockRequest,
  CustomerBlockResponse,
  CustomerFreezeActionRequest,
  CustomerParams,
  CustomerRevertResponse,
  CustomerUnfreezeResponse,
  StaffCustomerSecurityResponse,
  StaffCustomerQuery,
  StaffCustomersResponse,
} from '../../../schemas/staff.ts';
import { CustomerOrderParams, PageQuery, StaffCustomerOrdersResponse } from '../../../schemas/staff-catalogue.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { Conflict, NotFound } from '../../http/errors.ts';
import { isUniqueViolation } from '../../modules/auth/index.ts';
import {
  accountChangeLog,
  FREEZE_MESSAGES,
  freezeState,
  liftFreeze,
  revertFrozenChange,
  unfreezeCheck,
} from '../../modules/account/index.ts';
import { consoleCustomers, customerContact, lockCustomer, updateCustomer } from '../../modules/customers/index.ts';
import { customerOrdersPage, listBankAccounts, placedOrderCounts } from '../../modules/orders/index.ts';
import { deleteCustomerSessions } from '../../modules/session/index.ts';
import { recordAudit } from '../../modules/staff/index.ts';

// The console's customers (docs/decisions/019): find a customer, block or unblock them. Blocking ends every
// session they hold at once (a blocked customer is refused on every customer route anyway, README "Security").
// A freeze is the owner's own state ("this was not me"): support sees why and the account's change log, and
// restores it only once the change that froze it is reverted, so an attacker's way in never survives the restore.

const LIMIT = 50;

export async function staffCustomerRoutes(root: FastifyInstance, { db }: { db: Db }) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  app.get(
    '/api/ops/customers',
    {
      config: { opsPermission: 'customers:read' },
      schema: {
        summary: 'Find customers by name, email or mobile',
        operationId: 'listOpsCustomers',
        querystring: StaffCustomerQuery,
        response: { 200: StaffCustomersResponse },
      },
    },
    async (req) => {
      const { q } = req.query;
      const rows = await consoleCustomers(db, q, LIMIT);
      const counts = await placedOrderCounts(
        db,
        rows.map((r) => r.id),
      );
      return ok({
        customers: rows.map((r) => ({
          customer_id: r.id,
          name: `${r.first_name} ${r.last_name}`.trim(),
          email: r.email,
          mobile: r.mobile,
          is_blocked: r.is_blocked,
          is_frozen: r.frozen_at !== null,
          orders: counts.get(r.id) ?? 0,
          created_at: new Date(r.created_at).toISOString(),
        })),
      });
    },
  );

  // A customer's page: who they are and their orders, newest first, a page at a time (each links to its order page).
  app.get(
    '/api/ops/customers/:customerId/orders',
    {
      config: { opsPermission: 'customers:read' },
      schema: {
        summary: "A customer's orders, a page at a time",
        operationId: 'listOpsCustomerOrders',
        params: CustomerOrderParams,
        querystring: PageQuery,
        response: { 200: StaffCustomerOrdersResponse },
      },
    },
    async (req) => {
      const { customerId } = req.params;
      const { page, page_size } = req.query;
      const customer = await customerContact(db, customerId);
      if (!customer) throw new NotFound(`No customer ${customerId}.`);
      const { total, rows } = await customerOrdersPage(db, customerId, page, page_size);
      return ok({
        customer: {
          customer_id: customer.id,
          name: `${customer.first_name} ${customer.last_name}`.trim(),
          email: customer.email,
          mobile: customer.mobile,
        },
        orders: rows.map((r) => ({
          order_id: r.order_number,
          placed_at: r.placed_at ? new Date(r.placed_at).toISOString() : null,
          status: r.status,
          total: r.total,
          items: Number(r.items ?? 0),
        })),
        paging: { page, page_size, total, pages: Math.max(1, Math.ceil(total / page_size)) },
      });
    },
  );

  app.post(
    '/api/ops/customers/:customerId/block',
    {
      config: { opsPermission: 'customers:write' },
      schema: {
        summary: 'Block or unblock a customer',
        operationId: 'blockCustomer',
        params: CustomerParams,
        body: CustomerBlockRequest,
        response: { 200: CustomerBlockResponse },
      },
    },
    async (req) => {
      const { customerId } = req.params;
      const { blocked } = req.body;
      // The flag, the end of the sessions and the audit entry commit together.
      const result = await db.transaction().execute(async (trx) => {
        const before = await lockCustomer(trx, customerId);
        if (!before) return null;
        await updateCustomer(trx, customerId, { is_blocked: blocked });
        const sessionsEnded = blocked ? await deleteCustomerSessions(trx, customerId) : 0;
        await recordAudit(trx, req, {
          action: blocked ? 'customer.block' : 'customer.unblock',
          target: `customer:${customerId}`,
          before: { is_blocked: before.is_blocked },
          after: { is_blocked: blocked, sessions_ended: sessionsEnded },
        });
        return { customer_id: customerId, is_blocked: blocked, sessions_ended: sessionsEnded };
      });
      if (!result) throw new NotFound(`No customer ${customerId}.`);
      return ok(result, blocked ? CUSTOMER_MESSAGES.blocked : CUSTOMER_MESSAGES.unblocked);
    },
  );

  app.get(
    '/api/ops/customers/:customerId/security',
    {
      config: { opsPermission: 'customers:read' },
      schema: {
        summary: "A customer's freeze (why, when, which change) and their recent account changes",
        operationId: 'getOpsCustomerSecurity',
        params: CustomerParams,
        response: { 200: StaffCustomerSecurityResponse },
      },
    },
    async (req) => {
      const { customerId } = req.params;
      const customer = await customerContact(db, customerId);
      if (!customer) throw new NotFound(`No customer ${customerId}.`);
      const [frozen, changes] = await Promise.all([freezeState(db, customerId), accountChangeLog(db, customerId)]);
      return ok({ customer_id: customerId, is_blocked: customer.is_blocked, frozen, changes });
    },
  );

  app.post(
    '/api/ops/customers/:customerId/revert-change',
    {
      config: { opsPermission: 'customers:write' },
      schema: {
        summary: 'Revert the change that froze a customer (the old email or mobile back, or the password removed)',
        operationId: 'revertCustomerChange',
        params: CustomerParams,
        body: CustomerFreezeActionRequest,
        response: { 200: CustomerRevertResponse },
      },
    },
    async (req) => {
      const { customerId } = req.params;
      const result = await db
        .transaction()
        .execute(async (trx) => {
          const reverted = await revertFrozenChange(trx, customerId);
          if (reverted?.state === 'reverted')
            await recordAudit(trx, req, {
              action: 'customer.revert_change',
              target: `customer:${customerId}`,
              before: reverted.before,
              after: reverted.after,
            });
          return reverted;
        })
        .catch((error) => {
          // The old email or mobile is another account's by now: the owner must choose a new one.
          if (isUniqueViolation(error)) throw new Conflict(FREEZE_MESSAGES.contactTaken);
          throw error;
        });
      if (!result) throw new NotFound(`No customer ${customerId}.`);
      if (result.state === 'not_frozen') throw new Conflict(FREEZE_MESSAGES.notFrozen);
      if (result.state === 'cannot') throw new Conflict(FREEZE_MESSAGES.cannotRevert);
      if (result.state === 'already') throw new Conflict(FREEZE_MESSAGES.nothingToRevert);
      return ok({ customer_id: customerId, kind: result.kind }, FREEZE_MESSAGES.reverted);
    },
  );

  app.post(
    '/api/ops/customers/:customerId/unfreeze',
    {
      config: { opsPermission: 'customers:write' },
      schema: {
        summary: 'Restore a frozen customer once the change that froze it is reverted',
        operationId: 'unfreezeCustomer',
        params: CustomerParams,
        body: CustomerFreezeActionRequest,
        response: { 200: CustomerUnfreezeResponse },
      },
    },
    async (req) => {
      const { customerId } = req.params;
      const bankAccountIds = (await listBankAccounts(db, customerId)).map((b) => b.bank_account_id);
      const result = await db.transaction().execute(async (trx) => {
        const check = await unfreezeCheck(trx, customerId, bankAccountIds);
        if (check?.state !== 'clear') return check;
        const before = await freezeState(trx, customerId);
        await liftFreeze(trx, customerId, check.changeId);
        await recordAudit(trx, req, {
          action: 'customer.unfreeze',
          target: `customer:${customerId}`,
          before: { frozen_at: before?.frozen_at ?? null, reason: before?.reason ?? null, change_id: check.changeId },
          after: { frozen_at: null },
        });
        return check;
      });
      if (!result) throw new NotFound(`No customer ${customerId}.`);
      if (result.state === 'not_frozen') throw new Conflict(FREEZE_MESSAGES.notFrozen);
      if (result.state === 'stands') throw new Conflict(FREEZE_MESSAGES.changeStands(result.what));
      return ok({ customer_id: customerId, is_frozen: false as const }, FREEZE_MESSAGES.unfrozen);
    },
  );
}
