import type { FastifyInstance } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import { sql } from 'kysely';
import {
  CUSTOMER_MESSAGES,
  CustomerBlockRequest,
  CustomerBlockResponse,
  CustomerParams,
  StaffCustomerQuery,
  StaffCustomersResponse,
} from '../../../schemas/staff.ts';
import { CustomerOrderParams, PageQuery, StaffCustomerOrdersResponse } from '../../../schemas/staff-catalogue.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { NotFound } from '../../http/errors.ts';
import { updateCustomer } from '../../modules/customers/index.ts';
import { deleteCustomerSessions } from '../../modules/session/index.ts';
import { recordAudit } from '../../modules/staff/index.ts';

// The console's customers (docs/decisions/019): find a customer, block or unblock them. Blocking ends every
// session they hold at once (a blocked customer is refused on every customer route anyway, README "Security").

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
      let query = db
        .selectFrom('customers as c')
        .select(['c.id', 'c.first_name', 'c.last_name', 'c.email', 'c.mobile', 'c.is_blocked', 'c.created_at'])
        .select((eb) =>
          eb
            .selectFrom('orders as o')
            .whereRef('o.customer_id', '=', 'c.id')
            .where('o.placed_at', 'is not', null)
            .select(sql<number>`count(*)::int`.as('n'))
            .as('orders'),
        )
        .orderBy('c.id', 'desc')
        .limit(LIMIT);
      if (q) {
        const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) =>
          eb.or([eb('c.email', 'ilike', like), eb('c.mobile', 'ilike', like), eb(sql`c.first_name || ' ' || c.last_name`, 'ilike', like)]),
        );
      }
      const rows = await query.execute();
      return ok({
        customers: rows.map((r) => ({
          customer_id: r.id,
          name: `${r.first_name} ${r.last_name}`.trim(),
          email: r.email,
          mobile: r.mobile,
          is_blocked: r.is_blocked,
          orders: Number(r.orders ?? 0),
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
      const customer = await db
        .selectFrom('customers')
        .select(['id', 'first_name', 'last_name', 'email', 'mobile'])
        .where('id', '=', customerId)
        .executeTakeFirst();
      if (!customer) throw new NotFound(`No customer ${customerId}.`);
      // Orders the customer placed: an unpaid attempt that expired is not one of theirs to the shop.
      const placed = db.selectFrom('orders as o').where('o.customer_id', '=', customerId).where('o.placed_at', 'is not', null);
      const [count, rows] = await Promise.all([
        placed.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
        placed
          .select(['o.order_number', 'o.placed_at', 'o.status', 'o.total'])
          .select((eb) =>
            eb
              .selectFrom('order_items as i')
              .whereRef('i.order_id', '=', 'o.id')
              .select(sql<number>`coalesce(sum(i.quantity), 0)::int`.as('n'))
              .as('items'),
          )
          .orderBy('o.placed_at', 'desc')
          .orderBy('o.id', 'desc')
          .limit(page_size)
          .offset((page - 1) * page_size)
          .execute(),
      ]);
      const total = Number(count.n);
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
        const before = await trx.selectFrom('customers').select('is_blocked').where('id', '=', customerId).forUpdate().executeTakeFirst();
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
}
