// The content feature's public surface: the pages src/app/routes.tsx loads lazily.
export const contentPages = {
  authenticity: () => import('./pages/AuthenticityPage.tsx'),
  importer: () => import('./pages/ImporterPage.tsx'),
  importerList: () => import('./pages/ImporterPage.tsx').then((m) => ({ default: m.ImporterListPage })),
  storeLocator: () => import('./pages/StoreLocatorPage.tsx'),
  retailerDetails: () => import('./pages/RetailerDetailsPage.tsx'),
  unsubscribe: () => import('./pages/UnsubscribePage.tsx'),
  affiliate: () => import('./pages/AffiliatePage.tsx'),
};

export { AppInstallBanner } from './components/AppInstallBanner.tsx';
