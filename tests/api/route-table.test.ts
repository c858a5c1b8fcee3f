import type { FastifyInstance } from 'fastify';
import type { RouteObject } from 'react-router-dom';
import { Readable } from 'node:stream';
import { buildApp } from '../../server/app.ts';
import { pageMeta } from '../../server/html.ts';
import { PAGE_MODULE_META, ROUTE_META } from '../../schemas/content.ts';
import type { RenderOptions, RouteFacts, ServerRenderer } from '../../schemas/server-render.ts';
import { type RouteHandle, routes } from '../../src/app/routes.tsx';
import * as entry from '../../src/app/server-render.tsx';

const { routeFacts } = entry;
import { createAgent, openTestDatabase } from '../helpers/app.ts';
import { injectTransport, text } from '../helpers/server-render.ts';

// docs/decisions/010: the route table (src/app/routes.tsx) is the one place that says how the server sends each
// address and with which head. Every route of the table is asked for over HTTP, and the server's answer (whether
// it rendered, with whose data, the title, noindex, the status) is checked against what the route declares.

type Db = Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;
let app: FastifyInstance;
/** How the server asked the render entry to render each address. */
const rendered = new Map<string, RenderOptions>();

// The real route table, with a render entry that records the server's request instead of rendering.
const recorder: ServerRenderer = {
  HYDRATION_STATE_ID: entry.HYDRATION_STATE_ID,
  routeFacts,
  render: async (url, options) => {
    rendered.set(url.pathname, options);
    return { body: Readable.from(['<p>rendered</p>']), status: 200, redirect: null, state: {}, modules: [] };
  },
};

beforeAll(async () => {
  db = await openTestDatabase('pglite');
  app = await buildApp({ config: { NODE_ENV: 'test', LOG_LEVEL: 'silent' }, handle: db.handle, clientDir: null, renderer: recorder });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

/** What the routes of a page declare; the route the address matched is the page's own (its pattern). */
type Declared = Omit<RouteFacts, 'route'>;

interface Leaf {
  pattern: string;
  facts: Declared;
}

/** Every page of the table with what its routes declare, the deepest saying last (a layout speaks for its pages). */
function leaves(list: RouteObject[], base = '', inherited: Declared = { known: true, render: 'public', meta: 'notFound' }): Leaf[] {
  return list.flatMap((route) => {
    const handle = (route.handle ?? {}) as Partial<RouteHandle>;
    const facts: Declared = {
      known: inherited.known && !handle.notFound,
      render: handle.render ?? inherited.render,
      // A page's meta: its own, else its module's (PAGE_MODULE_META by file name), else its layout's.
      meta: handle.meta ?? (handle.module ? PAGE_MODULE_META[handle.module.replace(/^.*\/|\.tsx$/g, '')] : undefined) ?? inherited.meta,
    };
    const path = route.path ? (route.path.startsWith('/') ? route.path : `${base.replace(/\/$/, '')}/${route.path}`) : base;
    if (route.children?.length) return leaves(route.children, path, facts);
    return [{ pattern: path || '/', facts }];
  });
}

/** An address of each pattern that names a real page of the seeded store (an unknown slug is a 404 by its module). */
async function addressOf(pattern: string): Promise<string> {
  const first = async (table: 'brands' | 'categories' | 'importers') =>
    (await db.handle.db.selectFrom(table).select('slug').orderBy('id').executeTakeFirstOrThrow()).slug;
  if (pattern === '/product/:slug') {
    const p = await db.handle.db.selectFrom('products').select(['id', 'slug']).orderBy('id').executeTakeFirstOrThrow();
    return `/product/${p.slug}/?pId=${p.id}`;
  }
  if (pattern === '/brand/:slug') return `/brand/${await first('brands')}`;
  if (pattern === '/product-category/:slug') return `/product-category/${await first('categories')}`;
  if (pattern === '/bestseller/:slug') return '/bestseller/sports-nutrition';
  if (pattern === '/importer/:slug') return `/importer/${await first('importers')}`;
  if (pattern.endsWith('/*')) return pattern.replace('/*', '/somewhere');
  if (pattern === '*') return '/no/such/page';
  return pattern.replace(/:(\w+)\??/g, (_, name: string) => (/Id$/.test(name) ? '12' : 'whey-protein'));
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

describe('the route table decides how the server sends each page', () => {
  const all = leaves(routes);

  test('the table has every kind of page, and every page has its meta', () => {
    expect(all.length).toBeGreaterThan(60);
    expect(new Set(all.map((l) => l.facts.render))).toEqual(new Set(['public', 'shopper', 'client']));
    for (const leaf of all) expect(ROUTE_META[leaf.facts.meta], leaf.pattern).toBeDefined();
    // Only the not-found pages say "Page Not Found": a page that forgot its meta would fall through to it.
    expect(all.filter((l) => l.facts.meta === 'notFound').map((l) => l.pattern)).toEqual(['/notFound', '/*']);
    // Every module named in PAGE_MODULE_META is a page of the table (no entry outlives its page).
    const modules = new Set(
      JSON.stringify(routes, (_k, v) => v)
        .match(/src\/features\/[\w/]+\.tsx/g)
        ?.map((m) => m.replace(/^.*\/|\.tsx$/g, '')),
    );
    for (const name of Object.keys(PAGE_MODULE_META)) expect(modules.has(name), name).toBe(true);
    // Only the catch-all is a page about nothing; the not-found page itself is an address of its own.
    expect(all.filter((l) => !l.facts.known).map((l) => l.pattern)).toEqual(['/*']);
  });

  test('every route: matched to itself, rendered (or not) as it declares, with its title, noindex and status', async () => {
    const seen: string[] = [];
    for (const { pattern, facts } of all) {
      const address = await addressOf(pattern);
      const url = new URL(address, 'http://localhost');
      // The table's own answer for the address is this route's (a more specific route does not take it).
      expect(routeFacts(url.pathname), pattern).toEqual({ ...facts, route: { pattern, params: expect.any(Object) } });
      rendered.clear();
      const agent = createAgent(app);
      const res = await agent.get(address);
      expect(res.statusCode, address).toBe(facts.known ? 200 : 404);
      const meta = await pageMeta(app.metaResolvers, url, routeFacts(url.pathname), url.origin);
      expect(res.body, address).toContain(`<title>${escapeHtml(meta.title)}</title>`);
      expect(res.body.includes('<meta name="robots" content="noindex" />'), address).toBe(Boolean(meta.noindex));
      const asked = rendered.get(url.pathname);
      if (facts.render === 'client') {
        expect(asked, `${address} is left to the browser`).toBeUndefined();
        expect(res.body, address).toContain('<div id="root"></div>');
      } else {
        expect(asked?.personal, `${address} is rendered as ${facts.render}`).toBe(facts.render === 'shopper');
        expect(res.body, address).toContain('<p>rendered</p>');
      }
      expect(res.headers['cache-control'], address).toBe(facts.render === 'shopper' ? 'private, no-store' : 'no-cache');
      seen.push(pattern);
    }
    expect(seen).toHaveLength(all.length);
  });

  test('every public page renders once with all it shows: its route loader loaded every piece of its data', async () => {
    const publicPages = all.filter((l) => l.facts.render === 'public' && l.facts.known);
    expect(publicPages.length).toBeGreaterThan(30);
    const transport = injectTransport(app);
    const incomplete: string[] = [];
    for (const { pattern } of publicPages) {
      const address = await addressOf(pattern);
      const result = await entry.render(new URL(address, 'http://localhost'), { transport, desktop: true });
      if (result.body) await text(result.body);
      if (result.missing?.length) incomplete.push(`${address}: ${result.missing.join(', ')}`);
    }
    expect(incomplete).toEqual([]);
  });

  test('page-seo-meta answers with the same static meta as the HTML', async () => {
    for (const [address, name] of [
      ['/about', 'about'],
      ['/account/order', 'account'],
      ['/select-address', 'cart'],
      ['/whey/reviews', 'reviews'],
      ['/no/such/page', 'notFound'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url: `/api/seo/page-seo-meta?url=${encodeURIComponent(address)}` });
      const meta = ROUTE_META[name];
      expect(res.json().data, address).toMatchObject({ title: meta.title, noindex: Boolean(meta.noindex) });
    }
  });
});

describe('one page of each render mode, rendered by the render entry', () => {
  let real: FastifyInstance;
  beforeAll(async () => {
    real = await buildApp({ config: { NODE_ENV: 'test', LOG_LEVEL: 'silent' }, handle: db.handle, clientDir: null, renderer: entry });
    await real.ready();
  });
  afterAll(async () => {
    await real?.close();
  });
  const state = (html: string) => /<script type="application\/json" id="kasrat-state"[^>]*>(.*?)<\/script>/s.exec(html)?.[1];

  test('public: the page with its data, the same for everyone', async () => {
    const res = await createAgent(real).get('/about');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toMatch(/<div id="root">.*<h1[^>]*>/s);
    expect(state(res.body)).toBeDefined();
  });

  test("shopper: the cart with the shopper's own lines, private", async () => {
    const variant = await db.handle.db.selectFrom('variants').select('id').where('stock', '>', 0).orderBy('id').executeTakeFirstOrThrow();
    const agent = createAgent(real);
    expect((await agent.post('/api/cart/add-to-cart', { variant_id: variant.id, quantity: 1 })).statusCode).toBe(200);
    const res = await agent.get('/cart');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toContain('cookie');
    expect(state(res.body)).toContain('"shopper:');
  });

  test('the cart of a visitor with neither a session nor a cart: a 302 to the empty cart page, never stored', async () => {
    const res = await createAgent(real).get('/cart');
    expect([res.statusCode, res.headers.location]).toEqual([302, '/logout-empty-cart']);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).not.toContain('<div id="root">');
  });

  test('the help centre routes its pages through the table: its home, contact us, and nothing else', async () => {
    const home = await createAgent(real).get('/help-center');
    expect(home.body).toMatch(/<h1[^>]*>Help Centre<\/h1>/);
    const contact = await createAgent(real).get('/help-center/contact-us');
    expect(contact.statusCode).toBe(200);
    expect(contact.body).toMatch(/<h1[^>]*>Contact Us<\/h1>/);
    expect(contact.body).toContain(`<title>${ROUTE_META.help.title}</title>`);
    const other = await createAgent(real).get('/help-center/no-such-page');
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Help Centre</h1>');
  });

  test('the console routes its areas through the table: each area and item page, and nothing else', async () => {
    for (const address of ['/ops', '/ops/today', '/ops/orders', '/ops/orders/KS0000012', '/ops/customers/12', '/ops/audit']) {
      const res = await createAgent(real).get(address);
      expect(res.statusCode, address).toBe(200);
      expect(res.body, address).toContain(`<title>${ROUTE_META.operations.title}</title>`);
    }
    for (const address of ['/ops/no-such-area', '/ops/orders/KS1/more'])
      expect((await createAgent(real).get(address)).statusCode, address).toBe(404);
  });

  test('client: the shell, no markup and no state', async () => {
    const res = await createAgent(real).get('/account/order');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(state(res.body)).toBeUndefined();
    expect(res.body).toContain(`<title>${ROUTE_META.account.title}</title>`);
  });
});
