import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { Permission, StaffMe } from '../../../../schemas/staff.ts';
import { usePageMeta } from '../../../ui/meta.tsx';
import { staffMe, staffSignOut } from '../api.ts';
import Audit from '../console/areas/Audit.tsx';
import Catalogue from '../console/areas/Catalogue.tsx';
import Customers from '../console/areas/Customers.tsx';
import Orders from '../console/areas/Orders.tsx';
import Promotions from '../console/areas/Promotions.tsx';
import Refunds from '../console/areas/Refunds.tsx';
import Reviews from '../console/areas/Reviews.tsx';
import Today from '../console/areas/Today.tsx';
import { CONSOLE_CSS, css } from '../console/console-styles.ts';
import SignIn from '../console/SignIn.tsx';

// The operations console at /ops (docs/decisions/019): staff sign-in with a TOTP code, then the areas the role may
// use. Every check that matters is on the server; the console only leaves out what the role cannot use.

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

const AREAS: Array<{ path: string; label: string; needs: Permission }> = [
  { path: '/ops/today', label: 'Today', needs: 'reports:read' },
  { path: '/ops/orders', label: 'Orders', needs: 'orders:read' },
  { path: '/ops/refunds', label: 'Refunds', needs: 'orders:read' },
  { path: '/ops/catalogue', label: 'Catalogue', needs: 'catalogue:read' },
  { path: '/ops/customers', label: 'Customers', needs: 'customers:read' },
  { path: '/ops/promotions', label: 'Promotions', needs: 'promotions:read' },
  // Not /ops/reviews: the shoppers' /:productName/reviews route would outrank the console's /ops/* for that path.
  { path: '/ops/moderation', label: 'Reviews', needs: 'reviews:moderate' },
  { path: '/ops/audit', label: 'Audit trail', needs: 'audit:read' },
];

/** The order number of an order's page, /ops/orders/<number>. */
const orderIdIn = (pathname: string) => /^\/ops\/orders\/([A-Za-z0-9-]{4,40})\/?$/.exec(pathname)?.[1] ?? null;

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
        {current?.path === '/ops/today' && <Today canRetry={me.role === 'owner'} />}
        {current?.path === '/ops/orders' && <Orders orderId={orderIdIn(pathname)} canEdit={me.permissions.includes('orders:write')} />}
        {current?.path === '/ops/refunds' && <Refunds canEdit={me.permissions.includes('refunds:write')} />}
        {current?.path === '/ops/catalogue' && <Catalogue canEdit={me.permissions.includes('catalogue:write')} />}
        {current?.path === '/ops/customers' && <Customers canEdit={me.permissions.includes('customers:write')} />}
        {current?.path === '/ops/promotions' && <Promotions canEdit={me.permissions.includes('promotions:write')} />}
        {current?.path === '/ops/moderation' && <Reviews />}
        {current?.path === '/ops/audit' && <Audit />}
        {!current && <p>Your role has no console areas yet.</p>}
      </main>
    </div>
  );
}
