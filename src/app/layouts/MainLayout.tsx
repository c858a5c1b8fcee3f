import { lazy } from 'react';
import { Outlet } from 'react-router-dom';
import { AfterHydration } from '../../ui/AfterHydration.tsx';
import { preload } from '../../api/route-data.ts';
import { Footer } from '../../ui/Footer.tsx';
import { grievanceOfficerResource } from '../../ui/grievance-officer.ts';
import { StoreHeader } from './StoreHeader.tsx';
import * as css from '../../ui/Layout.css.ts';
import { container } from '../../ui/theme/global.css.ts';

// The app-install banner is decided in the browser after the page is up (SPEC §1): its code is not in the first load.
const AppInstallBanner = lazy(() => import('../../features/content/index.ts').then((m) => ({ default: m.AppInstallBanner })));

/**
 * The footer's grievance officer (docs/grievance-redressal.md), loaded by the server before it renders any store
 * page, so the footer is in the page's HTML. Server-only (docs/decisions/010): the browser's router runs no loaders.
 */
export const mainLayoutLoader = import.meta.env.SSR
  ? async ({ context }: { context: unknown }): Promise<null> => {
      await preload(context, [grievanceOfficerResource()]);
      return null;
    }
  : undefined;

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
