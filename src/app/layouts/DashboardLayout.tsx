import { Link, Outlet } from 'react-router-dom';
import { card, container } from '../../ui/theme/global.css.ts';

/** A plain centred card with the logo: used by /logout and the login page (SPEC §2). */
export function DashboardLayout() {
  return (
    <main id="main" className={container} style={{ padding: '32px 16px', minHeight: '100vh' }}>
      <div style={{ textAlign: 'center', marginBottom: 24 }}>
        <Link to="/" aria-label="Kasrat home">
          <img src="/logo.svg" alt="Kasrat" width={160} height={40} />
        </Link>
      </div>
      <div className={card} style={{ maxWidth: 480, margin: '0 auto' }}>
        <Outlet />
      </div>
    </main>
  );
}
