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
// Pages keep loading their data with the catalogue resource hook; here the hook records what a render wants, the
// loads run in-process against the API, and the page renders again with the answers, until nothing new is
// wanted. The answers travel in the page so the browser's first render uses them and asks for nothing twice.

// Chunks every page loads as soon as it has hydrated: axios with the first call (the session ping, SPEC §4), the
// event check and the context builder with the first event (events/bus.ts), the reporting pipeline. Their imports
// are dynamic, so without a preload each is asked for only when that moment comes, and its preload links are added
// then, inside React's effects.
const EVERY_PAGE = ['src/api/http.ts', 'events/check.generated.ts', 'events/context.ts', 'providers/index.ts'];

/** Rounds of "render, load what it wanted": a page's second-level data (a product's reviews) needs two. */
const MAX_ROUNDS = 4;
/** A render that waits longer than this for its data sends what it has; the browser loads the rest. */
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
  const scope: PrefetchScope = { data: new Map(), wanted: new Map(), failed: new Set(), personal: options.personal ?? false };
  const deadline = Date.now() + LOAD_BUDGET_MS;
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
  const app = () => (
    <AppFrame desktop={options.desktop}>
      <PrefetchProvider value={scope}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </PrefetchProvider>
    </AppFrame>
  );

  // Each round is a full render; the first that wants nothing new is the page. A render still wanting data after
  // the last round or the time budget is sent as it is: what it wanted is left to the browser, which renders it
  // loading exactly as the server did.
  // A page whose route has a loader has had its data loaded: it renders once.
  const rounds = context.matches.some((m) => m.route.loader) ? 1 : MAX_ROUNDS;
  let html = '';
  for (let round = 1; ; round++) {
    html = await renderAll(app(), options.signal);
    if (scope.wanted.size === 0 || round >= rounds || Date.now() >= deadline) break;
    const wanted = [...scope.wanted];
    scope.wanted.clear();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), Math.max(0, deadline - Date.now()));
    await requestTransport.run(options.transport, () =>
      Promise.all(
        wanted.map(async ([key, load]) => {
          try {
            scope.data.set(key, await load(controller.signal));
          } catch {
            scope.failed.add(key);
          }
        }),
      ),
    );
    clearTimeout(timer);
  }
  for (const key of scope.wanted.keys()) scope.failed.add(key);
  scope.wanted.clear();
  const body = Readable.from([html]);
  const modules = context.matches
    .flatMap(({ route }) => {
      const module = (route.handle as Partial<RouteHandle> | undefined)?.module;
      return module ? [module] : [];
    })
    .concat(EVERY_PAGE);
  return { body, status: context.statusCode, redirect: null, state: state(), modules };
}
