// @vitest-environment jsdom
import { act, waitFor } from '@testing-library/react';
import type { HydrationState } from '../../src/app/hydration.ts';
import type { ServerRenderer } from '../../schemas/server-render.ts';
import * as entry from '../../src/app/server-render.tsx';
import { render } from '../../src/app/server-render.tsx';
import { mountApp } from '../../src/app/start.tsx';
import { clearResourceCache } from '../../src/api/cached-resource.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { injectTransport, text } from '../helpers/server-render.ts';
import { matchRoutes } from 'react-router-dom';
import { routes } from '../../src/app/routes.tsx';
import { httpClient } from '../../src/api/client.ts';

// The route loaders are server-only (`import.meta.env.SSR`) and this file runs in the browser's environment: the
// server half of each test needs them; the browser half ignores them (its router runs none, docs/decisions/008).
vi.hoisted(() => {
  vi.stubEnv('SSR', true);
});

// Whether the browser entry matched the URL itself (passing through to React Router's own).
vi.mock('react-router-dom', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-router-dom')>();
  return { ...actual, matchRoutes: vi.fn(actual.matchRoutes) };
});

/**
 * The browser entry's matches (it passes a location); the in-process server's route facts, which the page's calls
 * reach through the test transport, match a pathname string.
 */
const browserMatches = (mock: ReturnType<typeof vi.mocked<typeof matchRoutes>>) =>
  mock.mock.calls.filter(([, location]) => typeof location !== 'string');

// Whether the HTTP client's module loaded before hydration (passing through to the client's own).
vi.mock('../../src/api/client.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/api/client.ts')>();
  return { ...actual, httpClient: vi.fn(actual.httpClient) };
});

// docs/decisions/010 with React's development build, which reports every mismatch (the production build in the
// e2e suite hides attribute mismatches): each page is rendered by the server entry against a seeded store,
// put in the document as the server sends it, and hydrated by the browser entry.

// jsdom replaces ArrayBuffer with its own, so Fastify (running in this test's realm) would not recognise the
// catalogue's cached Buffer answers as bytes; the server side gets Node's back.
globalThis.ArrayBuffer = Buffer.alloc(1).buffer.constructor as ArrayBufferConstructor;

// The server loads the render entry as a ServerRenderer (server/html.ts) and the two never import each other: this
// assignment is where the compiler holds them to one contract (schemas/server-render.ts).
const contract: ServerRenderer = entry;

let store: TestApp;
beforeAll(async () => {
  store = await createTestApp('pglite');
});
afterAll(async () => {
  await store?.close();
});

/** Server-renders `path`, hydrates it as the browser would, and returns what React logged about the hydration. */
async function hydrate(path: string, desktop = true, tamper: (s: HydrationState) => HydrationState = (s) => s) {
  const result = await render(new URL(path, 'http://localhost'), { transport: injectTransport(store.app), desktop });
  if (!result.body) throw new Error(`${path} redirected to ${result.redirect}`);
  const html = await text(result.body);
  // The state travels as JSON in the page.
  const state = tamper(JSON.parse(JSON.stringify(result.state)) as HydrationState);
  clearResourceCache();
  window.history.replaceState(null, '', path);
  delete document.documentElement.dataset.hydrated;
  document.body.innerHTML = `<div id="root">${html}</div>`;
  const root = document.getElementById('root') as HTMLElement;
  const logged: string[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    logged.push(args.map(String).join(' '));
  });
  try {
    await act(async () => {
      await mountApp(root, state);
    });
    await waitFor(() => expect(document.documentElement.dataset.hydrated).toBe('true'));
  } finally {
    spy.mockRestore();
  }
  return { html, state, mismatches: logged.filter((l) => /hydrat|did not match|didn't match/i.test(l)) };
}

const productPath = async () => {
  const res = await store.app.inject({ method: 'GET', url: '/api/listing/shop' });
  return (res.json() as { data: { hits: { url: string }[] } }).data.hits[0].url;
};

describe('server render and hydration', () => {
  test('the render entry exports what the server calls', () => {
    expect(typeof contract.render).toBe('function');
    expect(contract.HYDRATION_STATE_ID).toBe('kasrat-state');
  });

  it.each([
    '/shop',
    '/',
    '/brands',
    '/search?q=whey',
    '/top-10',
    '/offers-coupons',
    '/about',
    '/store-locator',
    '/help-center',
    '/help-center/grievance',
    '/importer',
    '/authenticity',
  ])('%s hydrates without a mismatch', async (path) => {
    const { mismatches, html } = await hydrate(path);
    expect(html.length).toBeGreaterThan(1000);
    expect(mismatches).toEqual([]);
  });

  it.each(['/', '/product-category/whey-protein'])('%s rendered for a phone hydrates without a mismatch', async (path) => {
    const { mismatches, state } = await hydrate(path, false);
    expect(state.desktop).toBe(false);
    expect(mismatches).toEqual([]);
  });

  it('loads the HTTP client before hydrating, and hydrates all the same when that load fails', async () => {
    const loads = vi.mocked(httpClient);
    loads.mockClear();
    expect((await hydrate('/shop')).mismatches).toEqual([]);
    expect(loads).toHaveBeenCalledTimes(1);
    loads.mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    expect((await hydrate('/shop')).mismatches).toEqual([]);
    expect(loads).toHaveBeenCalledTimes(2);
  });

  it('a product page is rendered with its data and hydrates without a mismatch', async () => {
    const path = await productPath();
    const { mismatches, html, state } = await hydrate(path);
    expect(html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    expect(state.data.map(([key]) => key)).toContain(`pdp:${new URL(path, 'http://x').searchParams.get('pId')}`);
    expect(mismatches).toEqual([]);
  });

  it('names the routes it matched, and the browser loads their pages without matching the URL again', async () => {
    const path = await productPath();
    const matching = vi.mocked(matchRoutes);
    matching.mockClear();
    const { mismatches, state } = await hydrate(path);
    expect(mismatches).toEqual([]);
    expect(browserMatches(matching)).toEqual([]);
    // The ids are places in the route tree: the last is the product page's route.
    let level = routes;
    let leaf: (typeof routes)[number] | undefined;
    for (const index of (state.routes?.at(-1) ?? '').split('-')) {
      leaf = level[Number(index)];
      level = leaf?.children ?? [];
    }
    expect(leaf?.handle).toMatchObject({ module: 'src/features/catalogue/pages/ProductPage.tsx' });
  });

  it('without the routes named (or with ids it does not know), the browser matches the URL itself', async () => {
    const matching = vi.mocked(matchRoutes);
    for (const routesNamed of [undefined, ['9-9-9']]) {
      matching.mockClear();
      const { mismatches } = await hydrate('/shop', true, (s) => ({ ...s, routes: routesNamed }));
      expect(mismatches).toEqual([]);
      expect(browserMatches(matching).length).toBeGreaterThan(0);
    }
  });

  it('is caught when the browser renders other than the server did', async () => {
    // The home page with the other viewport: the check above would see this.
    const { mismatches } = await hydrate('/', true, (s) => ({ ...s, desktop: !s.desktop }));
    expect(mismatches.length).toBeGreaterThan(0);
  });
});
