import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import {
  CUSTOMER_MESSAGES,
  CustomerBlockRequest,
  CustomerBlockResponse,
  CustomerParams,
  StaffCustomerQuery,
  StaffCustomersResponse,
} from '../../../schemas/staff.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { NotFound } from '../../http/errors.ts';
import { requireOps } from '../../http/ops.ts';
import { parse } from '../../http/validate.ts';
import { recordAudit } from './audit.ts';

// The console's customers (docs/decisions/019): find a customer, block or unblock them. Blocking ends every
// session they hold at once (a blocked customer is refused on every customer route anyway, README "Security").

const LIMIT = 50;

export async function staffCustomerRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get(
    '/api/ops/customers',
    { config: { opsPermission: 'customers:read' }, schema: { summary: 'Find customers by name, email or mobile', operationId: 'listOpsCustomers', querystring: StaffCustomerQuery, response: { 200: StaffCustomersResponse } } },
    async (req) => {
      requireOps(req);
      const { q } = parse(StaffCustomerQuery, req.query);
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

  app.post(
    '/api/ops/customers/:customerId/block',
    {
      config: { opsPermission: 'customers:write' },
      schema: { summary: 'Block or unblock a customer', operationId: 'blockCustomer', params: CustomerParams, body: CustomerBlockRequest, response: { 200: CustomerBlockResponse } },
    },
    async (req) => {
      requireOps(req);
      const { customerId } = parse(CustomerParams, req.params);
      const { blocked } = parse(CustomerBlockRequest, req.body);
      // The flag, the end of the sessions and the audit entry commit together.
      const result = await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('customers').select('is_blocked').where('id', '=', customerId).forUpdate().executeTakeFirst();
        if (!before) return null;
        await trx.updateTable('customers').set({ is_blocked: blocked, updated_at: new Date() }).where('id', '=', customerId).execute();
        const ended = blocked ? await trx.deleteFrom('sessions').where('customer_id', '=', customerId).executeTakeFirst() : null;
        const sessionsEnded = Number(ended?.numDeletedRows ?? 0);
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
