import { IST_TIME_ZONE } from '../../../../schemas/dates.ts';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { NormalisedError } from '../../../api/client.ts';
import type { AuditEntry, Permission, StaffCustomer, StaffMe, StaffVariant } from '../../../../schemas/staff.ts';
import { usePageMeta } from '../../../ui/meta.tsx';
import {
  auditTrail,
  findCustomers,
  findVariants,
  setCustomerBlocked,
  saveVariantPrice,
  staffMe,
  staffSignIn,
  staffSignOut,
} from '../api.ts';
import { CONSOLE_CSS, css } from './console-styles.ts';

// The operations console at /ops (docs/decisions/019): staff sign-in with a TOTP code, then the areas the role may
// use. Every check that matters is on the server; the console only leaves out what the role cannot use.

const messageOf = (error: unknown) => (error as NormalisedError)?.response?.data?.message || 'Something went wrong. Please try again.';
const rupees = (paise: number) => (paise / 100).toFixed(2);
const toPaise = (text: string): number | null => {
  if (!/^\d+(\.\d{1,2})?$/.test(text.trim())) return null;
  return Math.round(Number(text) * 100);
};

export default function Console() {
  usePageMeta({ title: 'Operations console | Kasrat', description: 'Kasrat staff console.' });
  const [me, setMe] = useState<StaffMe | null | undefined>(undefined);
  useEffect(() => {
    staffMe()
      .then((answer) => setMe(answer.data))
      .catch(() => setMe(null));
  }, []);
  return (
    <>
      <style href="kasrat-ops-console" precedence="default">
        {CONSOLE_CSS}
      </style>
      {me === undefined ? (
        <p className={css.main}>Loading the console…</p>
      ) : me === null ? (
        <SignIn onSignedIn={setMe} />
      ) : (
        <Shell me={me} onSignedOut={() => setMe(null)} />
      )}
    </>
  );
}

function SignIn({ onSignedIn }: { onSignedIn: (me: StaffMe) => void }) {
  const id = useId();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError('');
    try {
      const answer = await staffSignIn({
        email: String(form.get('email') ?? ''),
        password: String(form.get('password') ?? ''),
        code: String(form.get('code') ?? ''),
      });
      onSignedIn(answer.data);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main>
      <form className={css.signIn} onSubmit={submit} aria-labelledby={`${id}-h`}>
        <h1 id={`${id}-h`} className={css.heading}>
          Kasrat operations
        </h1>
        <label className={css.field}>
          Email
          <input className={css.input} name="email" type="email" autoComplete="username" required />
        </label>
        <label className={css.field}>
          Password
          <input className={css.input} name="password" type="password" autoComplete="current-password" required />
        </label>
        <label className={css.field}>
          Code from your authenticator app
          <input
            className={css.input}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            required
          />
        </label>
        {error && (
          <p role="alert" className={css.error}>
            {error}
          </p>
        )}
        <button className={css.button} type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
    </main>
  );
}

const AREAS: Array<{ path: string; label: string; needs: Permission }> = [
  { path: '/ops/catalogue', label: 'Catalogue', needs: 'catalogue:read' },
  { path: '/ops/customers', label: 'Customers', needs: 'customers:read' },
  { path: '/ops/audit', label: 'Audit trail', needs: 'audit:read' },
];

function Shell({ me, onSignedOut }: { me: StaffMe; onSignedOut: () => void }) {
  const { pathname } = useLocation();
  const areas = AREAS.filter((a) => me.permissions.includes(a.needs));
  const current = areas.find((a) => pathname.startsWith(a.path)) ?? areas[0];
  const signOut = async () => {
    await staffSignOut().catch(() => {});
    onSignedOut();
  };
  return (
    <div className={css.shell}>
      <nav className={css.nav} aria-label="Console">
        <p>
          {me.email}
          <br />
          <small>Role: {me.role}</small>
        </p>
        {areas.map((a) => (
          <Link key={a.path} to={a.path} className={css.navLink} aria-current={a === current ? 'page' : undefined}>
            {a.label}
          </Link>
        ))}
        <button type="button" className={css.ghost} onClick={signOut}>
          Sign out
        </button>
      </nav>
      <main className={css.main}>
        {current?.path === '/ops/catalogue' && <Catalogue canEdit={me.permissions.includes('catalogue:write')} />}
        {current?.path === '/ops/customers' && <Customers canEdit={me.permissions.includes('customers:write')} />}
        {current?.path === '/ops/audit' && <Audit />}
        {!current && <p>Your role has no console areas yet.</p>}
      </main>
    </div>
  );
}

function Catalogue({ canEdit }: { canEdit: boolean }) {
  const [query, setQuery] = useState('');
  const [rows, setRows] = useState<StaffVariant[] | null>(null);
  const [error, setError] = useState('');
  const search = useCallback(async (q: string) => {
    setError('');
    try {
      setRows((await findVariants(q)).data.variants);
    } catch (e) {
      setError(messageOf(e));
    }
  }, []);
  useEffect(() => {
    void search('');
  }, [search]);
  return (
    <section aria-labelledby="ops-catalogue">
      <h1 id="ops-catalogue" className={css.heading}>
        Catalogue
      </h1>
      <form
        className={css.searchRow}
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          void search(query);
        }}
      >
        <label className={css.field}>
          Product name or SKU
          <input className={css.input} type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </label>
        <button className={css.button} type="submit">
          Search
        </button>
      </form>
      {!canEdit && <p className={css.notice}>Your role can see prices but not change them.</p>}
      {error && (
        <p role="alert" className={css.error}>
          {error}
        </p>
      )}
      {rows === null ? (
        <p>Loading…</p>
      ) : rows.length === 0 ? (
        <p>No variants match.</p>
      ) : (
        <table className={css.table}>
          <thead>
            <tr>
              <th className={css.cell} scope="col">
                Product
              </th>
              <th className={css.cell} scope="col">
                SKU
              </th>
              <th className={css.cell} scope="col">
                Stock
              </th>
              <th className={css.cell} scope="col">
                Price and MRP (₹)
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <VariantRow key={row.variant_id} row={row} canEdit={canEdit} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function VariantRow({ row, canEdit }: { row: StaffVariant; canEdit: boolean }) {
  // The values this editor saw: the server applies the edit only if they are still current (409 otherwise).
  const [seen, setSeen] = useState({ price: row.price, mrp: row.mrp });
  const [price, setPrice] = useState(rupees(row.price));
  const [mrp, setMrp] = useState(rupees(row.mrp));
  const [status, setStatus] = useState<{ kind: 'error' | 'saved'; text: string } | null>(null);
  const label = `${row.product_name}${row.label ? ` (${row.label})` : ''}`;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const p = toPaise(price);
    const m = toPaise(mrp);
    if (p === null || m === null) return setStatus({ kind: 'error', text: 'Enter amounts in rupees, like 1499 or 1499.50.' });
    try {
      const answer = await saveVariantPrice(row.variant_id, { price: p, mrp: m, expected_price: seen.price, expected_mrp: seen.mrp });
      setSeen({ price: answer.data.after.price, mrp: answer.data.after.mrp });
      setStatus({ kind: 'saved', text: answer.message });
    } catch (e) {
      const current = (e as NormalisedError & { response: { data: { data?: { current?: { price: number; mrp: number } } } } }).response
        ?.data?.data?.current;
      if (current) {
        setSeen(current);
        setStatus({ kind: 'error', text: `${messageOf(e)} Now: price ₹${rupees(current.price)}, MRP ₹${rupees(current.mrp)}.` });
      } else setStatus({ kind: 'error', text: messageOf(e) });
    }
  };
  return (
    <tr>
      <td className={css.cell}>{label}</td>
      <td className={css.cell}>{row.sku}</td>
      <td className={css.cell}>{row.stock}</td>
      <td className={css.cell}>
        <form onSubmit={save} aria-label={`Price of ${label}`} className={css.searchRow}>
          <label className={css.field}>
            Price
            <input className={css.money} inputMode="decimal" value={price} readOnly={!canEdit} onChange={(e) => setPrice(e.target.value)} />
          </label>
          <label className={css.field}>
            MRP
            <input className={css.money} inputMode="decimal" value={mrp} readOnly={!canEdit} onChange={(e) => setMrp(e.target.value)} />
          </label>
          {canEdit && (
            <button className={css.button} type="submit">
              Save
            </button>
          )}
        </form>
        <div aria-live="polite">
          {status && (
            <p role={status.kind === 'error' ? 'alert' : undefined} className={status.kind === 'error' ? css.error : css.saved}>
              {status.text}
            </p>
          )}
        </div>
      </td>
    </tr>
  );
}

function Audit() {
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    auditTrail()
      .then((a) => setEntries(a.data.entries))
      .catch((e: unknown) => setError(messageOf(e)));
  }, []);
  return (
    <section aria-labelledby="ops-audit">
      <h1 id="ops-audit" className={css.heading}>
        Audit trail
      </h1>
      {error && (
        <p role="alert" className={css.error}>
          {error}
        </p>
      )}
      {entries === null ? (
        !error && <p>Loading…</p>
      ) : (
        <table className={css.table}>
          <thead>
            <tr>
              {['When', 'Who', 'What', 'Target', 'Before', 'After', 'Request'].map((h) => (
                <th key={h} className={css.cell} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id}>
                <td className={css.cell}>{new Date(e.at).toLocaleString('en-IN', { timeZone: IST_TIME_ZONE })}</td>
                <td className={css.cell}>{e.actor}</td>
                <td className={css.cell}>{e.action}</td>
                <td className={css.cell}>{e.target}</td>
                <td className={css.cell}>
                  <code>{e.before == null ? '' : JSON.stringify(e.before)}</code>
                </td>
                <td className={css.cell}>
                  <code>{e.after == null ? '' : JSON.stringify(e.after)}</code>
                </td>
                <td className={css.cell}>{e.request_id}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Customers({ canEdit }: { canEdit: boolean }) {
  const [query, setQuery] = useState('');
  const [rows, setRows] = useState<StaffCustomer[] | null>(null);
  const [status, setStatus] = useState<{ kind: 'error' | 'saved'; text: string } | null>(null);
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
      <form
        className={css.searchRow}
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          void search(query);
        }}
      >
        <label className={css.field}>
          Name, email or mobile
          <input className={css.input} type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </label>
        <button className={css.button} type="submit">
          Search
        </button>
      </form>
      <div aria-live="polite">
        {status && (
          <p role={status.kind === 'error' ? 'alert' : undefined} className={status.kind === 'error' ? css.error : css.saved}>
            {status.text}
          </p>
        )}
      </div>
      {rows === null ? (
        <p>Loading…</p>
      ) : rows.length === 0 ? (
        <p>No customers match.</p>
      ) : (
        <table className={css.table}>
          <thead>
            <tr>
              {['Name', 'Email', 'Mobile', 'Orders', 'Status', ''].map((h, i) => (
                <th key={h || i} className={css.cell} scope="col">
                  {h || <span className="ops-hidden">Action</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.customer_id}>
                <td className={css.cell}>{row.name}</td>
                <td className={css.cell}>{row.email}</td>
                <td className={css.cell}>{row.mobile}</td>
                <td className={css.cell}>{row.orders}</td>
                <td className={css.cell}>{row.is_blocked ? 'Blocked' : 'Active'}</td>
                <td className={css.cell}>
                  {canEdit && (
                    <button type="button" className={css.button} onClick={() => toggle(row)}>
                      {row.is_blocked ? 'Unblock' : 'Block'}
                      <span className="ops-hidden"> {row.email ?? row.mobile ?? row.name}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
