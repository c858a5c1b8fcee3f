// The modules the route table loads (pages, the lazy layouts, the guards), each by its source path. A chunk of its
// own, off the first load: each dynamic import here carries the list of chunks the browser preloads with it, and
// those lists for every page of the store were 2 KB gz of the entry (docs/decisions/008 "The route table's module
// lists"). The page a server-rendered document hydrates is loaded from the chunk the server names instead
// (src/app/routes.tsx `loadRouteModule`).

const PAGES = import.meta.glob<Record<string, unknown>>(['../features/*/pages/*.tsx', '!**/*.test.tsx']);

const APP_MODULES: Record<string, () => Promise<Record<string, unknown>>> = {
  'src/app/guards.tsx': () => import('./guards.tsx'),
  'src/app/layouts/AccountLayout.tsx': () => import('./layouts/AccountLayout.tsx'),
  'src/app/layouts/CheckoutLayout.tsx': () => import('./layouts/CheckoutLayout.tsx'),
  'src/app/layouts/DashboardLayout.tsx': () => import('./layouts/DashboardLayout.tsx'),
};

/** The loader of a route module by its source path (`src/features/catalogue/pages/Home.tsx`), or undefined. */
export function moduleLoader(module: string): (() => Promise<Record<string, unknown>>) | undefined {
  const page = /^src\/features\/(.+)$/.exec(module);
  return page ? PAGES[`../features/${page[1]}`] : APP_MODULES[module];
}

export function loadModule(module: string): Promise<Record<string, unknown>> {
  const load = moduleLoader(module);
  if (!load) return Promise.reject(new Error(`No route module ${module}`));
  return load();
}
