import { Outlet } from 'react-router-dom';
import { AppInstallBanner } from '../../features/content/index.ts';
import { Footer } from '../../ui/Footer.tsx';
import { StoreHeader } from './StoreHeader.tsx';
import * as css from '../../ui/Layout.css.ts';
import { container } from '../../ui/theme/global.css.ts';

export function MainLayout() {
  return (
    <>
      <a href="#main" style={{ position: 'absolute', left: -9999 }} className="skip-link">
        Skip to content
      </a>
      <StoreHeader />
      <main id="main" className={css.main}>
        <div className={container}>
          <Outlet />
        </div>
      </main>
      <Footer />
      <AppInstallBanner />
    </>
  );
}
