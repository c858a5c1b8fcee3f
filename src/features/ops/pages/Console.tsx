import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useOutletContext, useParams } from 'react-router-dom';
import type { Permission, StaffMe } from '../../../../schemas/staff.ts';
import { usePageMeta } from '../../../ui/meta.tsx';
import { staffMe, staffSignOut } from '../api.ts';
import Audit from '../console/areas/Audit.tsx';
import Catalogue from '../console/areas/Catalogue.tsx';
import Complaints from '../console/areas/Complaints.tsx';
import Customers from '../console/areas/Customers.tsx';
import Orders from '../console/areas/Orders.tsx';
import OwnPassword from '../console/areas/OwnPassword.tsx';
import Promotions from '../console/areas/Promotions.tsx';
import Refunds from '../console/areas/Refunds.tsx';
import Reviews from '../console/areas/Reviews.tsx';
import Staff from '../console/areas/Staff.tsx';
import Today from '../console/areas/Today.tsx';
import { CONSOLE_CSS, css } from '../console/console-styles.ts';
import Join from '../console/Join.tsx';
import SignIn from '../console/SignIn.tsx';

// The operations console at /ops (docs/decisions/019): staff sign-in with a TOTP code, then the areas the role may
// use. Every check that matters is on the server; the console only leaves out what the role cannot use.

export default function Console() {
  usePageMeta({ title: 'Operations console | Kasrat', description: 'Kasrat staff console.' });
  const [me, setMe] = useState<StaffMe | null | undefined>(undefined);
  const { pathname } = useLocation();
  const joining = pathname === '/ops/join';
  // Read again at every move between areas: a role changed or an account disabled by the owner shows at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not an input
  useEffect(() => {
    if (joining) return;
    staffMe()
      .then((answer) => setMe(answer.data))
      .catch(() => setMe(null));
  }, [pathname, joining]);
  return (
    <>
      <style href="kasrat-ops-console" precedence="default">
        {CONSOLE_CSS}
      </style>
      {joining ? (
        <Join />
      ) : me === undefined ? (
        <p className={css.main}>Loading the console…</p>
      ) : me === null ? (
        <SignIn onSignedIn={setMe} />
      ) : (
        <Shell me={me} onSignedOut={() => setMe(null)} />
      )}
    </>
  );
}

/** The console's areas, each a child route of /ops in src/app/routes.tsx, shown to the roles that may use it. */
const AREAS = {
  today: { label: 'Today', needs: 'reports:read' },
  orders: { label: 'Orders', needs: 'orders:read' },
  refunds: { label: 'Refunds', needs: 'orders:read' },
  catalogue: { label: 'Catalogue', needs: 'catalogue:read' },
  customers: { label: 'Customers', needs: 'customers:read' },
  promotions: { label: 'Promotions', needs: 'promotions:read' },
  // Not /ops/reviews: the shoppers' /:productName/reviews route would outrank the console's for that path.
  moderation: { label: 'Reviews', needs: 'reviews:moderate' },
  complaints: { label: 'Complaints', needs: 'grievances:handle' },
  audit: { label: 'Audit trail', needs: 'audit:read' },
  staff: { label: 'Staff', needs: 'staff:manage' },
} as const satisfies Record<string, { label: string; needs: Permission }>;
type AreaPath = keyof typeof AREAS;

const mayUse = (me: StaffMe, area: AreaPath) => me.permissions.includes(AREAS[area].needs);
/** The areas `me` may use, in the console's order. */
const usableAreas = (me: StaffMe) => (Object.keys(AREAS) as AreaPath[]).filter((a) => mayUse(me, a));

function Shell({ me, onSignedOut }: { me: StaffMe; onSignedOut: () => void }) {
  const areas = usableAreas(me);
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
          <NavLink key={a} to={`/ops/${a}`} className={css.navLink}>
            {AREAS[a].label}
          </NavLink>
        ))}
        <NavLink to="/ops/password" className={css.navLink}>
          Your password
        </NavLink>
        <button type="button" className={css.ghost} onClick={signOut}>
          Sign out
        </button>
      </nav>
      <main className={css.main}>
        <Outlet context={me} />
      </main>
    </div>
  );
}

/** The signed-in member of staff, for an area. */
const useStaff = () => useOutletContext<StaffMe>();

/** An area's page, or a refusal in words for a role that may not use it (the server refuses its calls too). */
function Area({ path, children }: { path: AreaPath; children: (me: StaffMe) => ReactNode }) {
  const me = useStaff();
  return mayUse(me, path) ? children(me) : <p role="alert">Your role cannot use the {AREAS[path].label} area.</p>;
}

/** /ops itself: the first area the role may use. */
export function FirstArea() {
  const me = useStaff();
  const [first] = usableAreas(me);
  return first ? <Navigate to={`/ops/${first}`} replace /> : <p>Your role has no console areas yet.</p>;
}

export const TodayArea = () => <Area path="today">{(me) => <Today canRetry={me.role === 'owner'} />}</Area>;

export function OrdersArea() {
  const { orderId } = useParams();
  return (
    <Area path="orders">
      {(me) => (
        <Orders
          orderId={orderId ?? null}
          canEdit={me.permissions.includes('orders:write')}
          canMoveMoney={me.permissions.includes('refunds:write')}
        />
      )}
    </Area>
  );
}

export const RefundsArea = () => <Area path="refunds">{(me) => <Refunds canEdit={me.permissions.includes('refunds:write')} />}</Area>;

export const CatalogueArea = () => (
  <Area path="catalogue">{(me) => <Catalogue canEdit={me.permissions.includes('catalogue:write')} />}</Area>
);

export function CustomersArea() {
  const { customerId } = useParams();
  return (
    <Area path="customers">
      {(me) => (
        <Customers
          customerId={customerId && /^\d{1,10}$/.test(customerId) ? Number(customerId) : null}
          canEdit={me.permissions.includes('customers:write')}
        />
      )}
    </Area>
  );
}

export const PromotionsArea = () => (
  <Area path="promotions">{(me) => <Promotions canEdit={me.permissions.includes('promotions:write')} />}</Area>
);

export const ReviewsArea = () => <Area path="moderation">{() => <Reviews />}</Area>;

export const ComplaintsArea = () => <Area path="complaints">{() => <Complaints />}</Area>;

export const AuditArea = () => <Area path="audit">{() => <Audit />}</Area>;

export const StaffArea = () => <Area path="staff">{(me) => <Staff myId={me.id} />}</Area>;

/** Every member's own password; no permission needed. */
export const PasswordArea = () => <OwnPassword />;

/** /ops/join: the page itself is rendered by Console, outside the signed-in shell. */
export const JoinArea = () => null;
