import { matchRoutes, type RouteObject } from 'react-router-dom';
import { PAGE_MODULE_META, type PageMeta, ROUTE_META } from '../../schemas/content.ts';
import type { RouteFacts } from '../../schemas/server-render.ts';
import type { RouteHandle } from './routes.tsx';

// Reading the route table (src/app/routes.tsx) for an address: the server asks before it renders, the browser after
// a navigation (the page's meta). Not in the first load: the server wrote the head of the page the document opened
// with (docs/decisions/010, 008).

/**
 * What `routes` say of `pathname`: how the server sends it, its static meta, whether it names a page, and the route
 * it matched (the server's modules read a page's item from its params). The deepest route of the match that says
 * wins, so a layout speaks for its pages.
 */
export function routeFactsIn(routes: RouteObject[], pathname: string): RouteFacts {
  const matches = matchRoutes(routes, pathname);
  if (!matches) return { known: false, render: 'public', meta: 'notFound', route: null };
  // Every match of the branch carries the same params, the whole address's.
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(matches[matches.length - 1]?.params ?? {})) if (value !== undefined) params[name] = value;
  const facts: RouteFacts = { known: true, render: 'public', meta: 'notFound', route: { pattern: patternOf(matches), params } };
  for (const { route } of matches) {
    const handle = route.handle as RouteHandle | undefined;
    if (handle?.render) facts.render = handle.render;
    // A page route without its own `meta` has its module's (schemas/content.ts PAGE_MODULE_META); a layout's applies
    // to its pages until one of them names its own.
    const meta = handle?.meta ?? (handle ? PAGE_MODULE_META[moduleName(handle.module)] : undefined);
    if (meta) facts.meta = meta;
    if (handle?.notFound) facts.known = false;
  }
  return facts;
}

/** The whole pattern of a match: each route's path joined to its parent's (a path starting with `/` is whole). */
function patternOf(matches: ReadonlyArray<{ route: RouteObject }>): string {
  let pattern = '';
  for (const { route } of matches) {
    if (!route.path) continue;
    pattern = route.path.startsWith('/') ? route.path : `${pattern.replace(/\/$/, '')}/${route.path}`;
  }
  return pattern || '/';
}

/** `src/features/catalogue/pages/Home.tsx` → `Home`. */
const moduleName = (module: string): string => module.slice(module.lastIndexOf('/') + 1).replace(/\.tsx$/, '');

/** The static meta of `pathname` in `routes` (a page with a dynamic title overrides it, src/ui/meta.tsx). */
export const pageMetaIn = (routes: RouteObject[], pathname: string): PageMeta => ROUTE_META[routeFactsIn(routes, pathname).meta];
