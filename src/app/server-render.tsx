import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough, Readable } from 'node:stream';
import type { RenderOptions, RenderResult, RenderTransport, RouteFacts } from '../../schemas/server-render.ts';
import { setServerTransport } from '../api/client.ts';
import { PrefetchProvider, type PrefetchScope } from '../api/prefetch.ts';
import type { LoaderContext } from '../api/route-data.ts';
import { AppFrame } from './frame.tsx';
import type { HydrationState } from './hydration.ts';
import { routeFactsIn } from './route-facts.ts';
import { type RouteHandle, routes } from './routes.tsx';

export { HYDRATION_STATE_ID } from './hydration.ts';
/** The route table's answer for an address (how the server sends it, its meta), read by the server before it renders. */
export const routeFacts = (pathname: string): RouteFacts => routeFactsIn(routes, pathname);

// The server-render entry (docs/decisions/010), built by `vite build --ssr` and loaded by the server at start.
// handler.query() runs the matched routes' loaders, which load the page's data in-process against the API into
// the render's scope; the page then renders once, reading it with the resource hooks. The answers travel in the
// page so the browser's first render uses them and asks for nothing twice.

// Chunks every page loads as soon as it has hydrated: axios with the first call (the session ping, SPEC §4), the
// event check and the context builder with the first event (events/bus.ts), the reporting pipeline. Their imports
// are dynamic, so without a preload each is asked for only when that moment comes, and its preload links are added
// then, inside React's effects.
const EVERY_PAGE = ['src/api/http.ts', 'events/check.generated.ts', 'events/context.ts', 'providers/index.ts'];

/** Loaders that take longer than this are given up: the page renders with what arrived, the browser loads the rest. */
const LOAD_BUDGET_MS = 1500;

const handler = createStaticHandler(routes);

// Renders of different requests overlap, and a personal render's calls carry its shopper's cookies: each load runs
// with its own request's transport, never a module-wide one.
const requestTransport = new AsyncLocalStorage<RenderTransport>();
setServerTransport((url, init) => {
  const transport = requestTransport.getStore();
  if (!transport) return Promise.reject(new Error(`[ssr] ${url} was asked for outside a render's loads`));
  return transport(url, init);
});

/** React 19's streaming renderer, read to the end: the page once every component has rendered. */
function renderAll(node: ReactNode, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const sink = new PassThrough();
    const chunks: Buffer[] = [];
    sink.on('data', (c: Buffer) => chunks.push(c));
    sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    const stream = renderToPipeableStream(node, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        // Logged by the caller when the render as a whole fails; a failing boundary renders its fallback.
        if (signal?.aborted) return;
        console.warn('[ssr]', error);
      },
    });
    signal?.addEventListener('abort', () => stream.abort(), { once: true });
  });
}

export async function render(url: URL, options: RenderOptions): Promise<RenderResult<HydrationState>> {
  const request = new Request(url, { signal: options.signal });
  const scope: PrefetchScope = { data: new Map(), missing: new Set(), personal: options.personal ?? false };
  // The routes' loaders put their pages' data in the scope (src/api/route-data.ts) within the same time budget.
  const loading = new AbortController();
  const giveUp = setTimeout(() => loading.abort(), LOAD_BUDGET_MS);
  const requestContext: LoaderContext = { scope, signal: loading.signal };
  const context = await requestTransport
    .run(options.transport, () => handler.query(request, { requestContext }))
    .finally(() => clearTimeout(giveUp));
  const state = (): HydrationState => ({
    desktop: options.desktop,
    data: [...scope.data],
    ...(context instanceof Response ? {} : { routes: context.matches.map((m) => m.route.id) }),
  });
  if (context instanceof Response) {
    const location = context.headers.get('location');
    return { body: null, status: context.status, redirect: location, state: state(), modules: [] };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  // One render: what a loader did not load (it failed, or ran out of time) renders loading, as the browser then
  // renders it before loading it itself.
  const html = await renderAll(
    <AppFrame desktop={options.desktop}>
      <PrefetchProvider value={scope}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </PrefetchProvider>
    </AppFrame>,
    options.signal,
  );
  const body = Readable.from([html]);
  const modules = context.matches
    .flatMap(({ route }) => {
      const module = (route.handle as Partial<RouteHandle> | undefined)?.module;
      return module ? [module] : [];
    })
    .concat(EVERY_PAGE);
  return { body, status: context.statusCode, redirect: null, state: state(), modules, missing: [...scope.missing] };
}
