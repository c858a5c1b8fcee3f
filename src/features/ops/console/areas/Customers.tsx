import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatPaise } from '../../../../../schemas/money.ts';
import type { StaffCustomer, StaffCustomerSecurityResponse } from '../../../../../schemas/staff.ts';
import type { z } from 'zod';
import type { StaffCustomerOrdersResponse } from '../../../../../schemas/staff-catalogue.ts';
import { customerSecurity, findCustomers, revertCustomerChange, setCustomerBlocked, unfreezeCustomer } from '../../api.ts';
import { customerOrders } from '../../api-catalogue.ts';
import { css } from '../console-styles.ts';
import { DataTable, ErrorLine, indiaTime, messageOf, Pager, SearchForm, Status, type StatusLine } from '../shared.tsx';

// Customers: find, block (their sessions end at once) and unblock (docs/decisions/019); a customer's page lists
// their orders, each linking to its order page, and their account's security: a freeze by its owner ("this was
// not me") with its reason and triggering change, and the change log. Restoring a frozen account first reverts
// that change (README "Security").

/** The customer list, or one customer's page (/ops/customers/:customerId in src/app/routes.tsx). */
export default function Customers({ customerId, canEdit }: { customerId: number | null; canEdit: boolean }) {
  return customerId ? <CustomerPage customerId={customerId} canEdit={canEdit} /> : <CustomerList canEdit={canEdit} />;
}

function CustomerList({ canEdit }: { canEdit: boolean }) {
  const [query, setQuery] = useState('');
  const [rows, setRows] = useState<StaffCustomer[] | null>(null);
  const [status, setStatus] = useState<StatusLine>(null);
  const search = useCallback(async (q: string) => {
    try {
      setRows((await findCustomers(q)).data.customers);
    } catch (e) {
      setStatus({ kind: 'error', text: messageOf(e) });
    }
  }, []);
  useEffect(() => {
    void search('');
  }, [search]);
  const toggle = async (row: StaffCustomer) => {
    try {
      const answer = await setCustomerBlocked(row.customer_id, !row.is_blocked);
      setRows((all) => all?.map((r) => (r.customer_id === row.customer_id ? { ...r, is_blocked: answer.data.is_blocked } : r)) ?? null);
      setStatus({ kind: 'saved', text: answer.message });
    } catch (e) {
      setStatus({ kind: 'error', text: messageOf(e) });
    }
  };
  return (
    <section aria-labelledby="ops-customers">
      <h1 id="ops-customers" className={css.heading}>
        Customers
      </h1>
      <SearchForm label="Name, email or mobile" value={query} onChange={setQuery} onSearch={() => void search(query)} />
      <Status status={status} />
      <DataTable
        label="Customers"
        columns={['Name', 'Email', 'Mobile', 'Orders', 'Status', { label: 'Action', hidden: true }]}
        rows={rows}
        rowKey={(r) => r.customer_id}
        empty="No customers match."
        cells={(row) => [
          <Link key="name" to={`/ops/customers/${row.customer_id}`}>
            {row.name || `Customer ${row.customer_id}`}
          </Link>,
          row.email,
          row.mobile,
          row.orders,
          row.is_frozen ? (row.is_blocked ? 'Frozen, blocked' : 'Frozen') : row.is_blocked ? 'Blocked' : 'Active',
          canEdit && (
            <button type="button" className={css.button} onClick={() => toggle(row)}>
              {row.is_blocked ? 'Unblock' : 'Block'}
              <span className="ops-hidden"> {row.email ?? row.mobile ?? row.name}</span>
            </button>
          ),
        ]}
      />
    </section>
  );
}

type CustomerOrders = z.infer<typeof StaffCustomerOrdersResponse>['data'];

const ORDER_STATUS: Record<string, string> = {
  payment_pending: 'Payment pending',
  placed: 'Placed',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  payment_failed: 'Payment failed',
  expired: 'Expired',
};

function CustomerPage({ customerId, canEdit }: { customerId: number; canEdit: boolean }) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<CustomerOrders | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    setError('');
    customerOrders(customerId, page).then(
      (answer) => live && setData(answer.data),
      (e) => live && setError(messageOf(e)),
    );
    return () => {
      live = false;
    };
  }, [customerId, page]);
  const who = data?.customer;
  return (
    <section aria-labelledby="ops-customer">
      <p>
        <Link to="/ops/customers">← All customers</Link>
      </p>
      <h1 id="ops-customer" className={css.heading}>
        {who ? who.name || `Customer ${who.customer_id}` : 'Customer'}
      </h1>
      <ErrorLine text={error} />
      {who && (
        <div className={css.facts}>
          <p>Email: {who.email ?? '—'}</p>
          <p>Mobile: {who.mobile ?? '—'}</p>
          <p>Orders: {data.paging.total}</p>
        </div>
      )}
      <h2 className={css.subheading}>Orders</h2>
      <DataTable
        label="Orders of this customer"
        columns={['Order', 'Placed', 'Status', 'Items', 'Total']}
        rows={error ? [] : (data?.orders ?? null)}
        rowKey={(o) => o.order_id}
        empty="No orders yet."
        cells={(o) => [
          <Link key="o" to={`/ops/orders/${o.order_id}`}>
            {o.order_id}
          </Link>,
          o.placed_at ? indiaTime(o.placed_at) : '—',
          ORDER_STATUS[o.status] ?? o.status,
          o.items,
          formatPaise(o.total),
        ]}
      />
      {data && <Pager page={data.paging.page} pages={data.paging.pages} total={data.paging.total} onPage={setPage} />}
      <AccountSecurity customerId={customerId} canEdit={canEdit} />
    </section>
  );
}

type Security = z.infer<typeof StaffCustomerSecurityResponse>['data'];

const CHANGE_KIND: Record<string, string> = {
  email: 'Email',
  mobile: 'Mobile',
  password: 'Password',
  bank_account: 'Refund account',
};

/** The freeze (why, when, which change) and the change log; support reverts the change, then restores. */
function AccountSecurity({ customerId, canEdit }: { customerId: number; canEdit: boolean }) {
  const [data, setData] = useState<Security | null>(null);
  const [status, setStatus] = useState<StatusLine>(null);
  const load = useCallback(async () => {
    try {
      setData((await customerSecurity(customerId)).data);
    } catch (e) {
      setStatus({ kind: 'error', text: messageOf(e) });
    }
  }, [customerId]);
  useEffect(() => {
    void load();
  }, [load]);
  const act = async (call: (id: number) => Promise<{ message: string }>) => {
    try {
      setStatus({ kind: 'saved', text: (await call(customerId)).message });
      await load();
    } catch (e) {
      setStatus({ kind: 'error', text: messageOf(e) });
    }
  };
  const frozen = data?.frozen;
  return (
    <>
      <h2 className={css.subheading}>Account security</h2>
      <Status status={status} />
      {frozen && (
        <div className={css.facts}>
          <p>
            <strong>Frozen</strong> since {indiaTime(frozen.frozen_at)}: {frozen.reason}
          </p>
          {frozen.change && (
            <p>
              Triggered by: {CHANGE_KIND[frozen.change.kind] ?? frozen.change.kind} changed ({frozen.change.detail}) on{' '}
              {indiaTime(frozen.change.at)}
            </p>
          )}
          {canEdit && (
            <p>
              <button type="button" className={css.ghost} onClick={() => act(revertCustomerChange)}>
                Revert the change
              </button>{' '}
              <button type="button" className={css.button} onClick={() => act(unfreezeCustomer)}>
                Restore account
              </button>
            </p>
          )}
        </div>
      )}
      {data && !frozen && <p>{data.is_blocked ? 'Blocked by support.' : 'Not frozen.'}</p>}
      <DataTable
        label="Account changes"
        columns={['When', 'Change', 'Before → after', 'Proof', 'From']}
        rows={data?.changes ?? (status?.kind === 'error' ? [] : null)}
        rowKey={(c) => c.change_id}
        empty="No changes of email, mobile, password or refund account."
        cells={(c) => [
          indiaTime(c.at),
          `${CHANGE_KIND[c.kind] ?? c.kind}${c.disowned_at ? ' (owner: not me)' : ''}`,
          c.detail,
          c.proof,
          c.ip,
        ]}
      />
    </>
  );
}
