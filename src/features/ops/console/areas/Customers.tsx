import { useCallback, useEffect, useState } from 'react';
import type { StaffCustomer } from '../../../../../schemas/staff.ts';
import { findCustomers, setCustomerBlocked } from '../../api.ts';
import { css } from '../console-styles.ts';
import { DataTable, messageOf, SearchForm, Status, type StatusLine } from '../shared.tsx';

// Customers: find, block (their sessions end at once) and unblock (docs/decisions/019).

export default function Customers({ canEdit }: { canEdit: boolean }) {
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
          row.name,
          row.email,
          row.mobile,
          row.orders,
          row.is_blocked ? 'Blocked' : 'Active',
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
