import { lazy } from 'react';
import { Outlet } from 'react-router-dom';
import { AfterHydration } from '../../ui/AfterHydration.tsx';
import { Footer } from '../../ui/Footer.tsx';
import { StoreHeader } from './StoreHeader.tsx';
import * as css from '../../ui/Layout.css.ts';
import { container } from '../../ui/theme/global.css.ts';

// The app-install banner is decided in the browser after the page is up (SPEC §1): its code is not in the first load.
const AppInstallBanner = lazy(() => import('../../features/content/index.ts').then((m) => ({ default: m.AppInstallBanner })));

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
      <AfterHydration>
        <AppInstallBanner />
      </AfterHydration>
    </>
  );
}
