import type { Readable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { CART_COOKIE } from '../../schemas/constants.ts';
import { render } from '../../src/app/server-render.tsx';
import { createShoppers, pincode, variantIn } from '../api/checkout-fixtures.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

// docs/decisions/010: the content pages and the shopper's pages (the cart, the order confirmation) get their data
// from their routes' loaders and are rendered once, with everything they show; a page with no data renders once
// with nothing wanted. The cart's loader also sends an empty cart to its own page before anything renders.

// Counts the server's renders (passing through to React's own).
vi.mock('react-dom/server', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-dom/server')>();
  return { ...actual, renderToPipeableStream: vi.fn(actual.renderToPipeableStream) };
});

let store: TestApp;
beforeAll(async () => {
  store = await createTestApp('pglite');
});
afterAll(async () => {
  await store?.close();
});

/** The in-process API as the server's render calls it (server/app.ts), with the shopper's cookies when given. */
const transportWith = (cookie?: string) => async (url: string, init?: { body?: unknown }) => {
  const headers: Record<string, string> = { accept: 'application/json', ...(cookie ? { cookie } : {}) };
  const res = await store.app.inject(
    init ? { method: 'POST', url, headers, payload: init.body as object } : { method: 'GET', url, headers },
  );
  return { status: res.statusCode, data: res.json() };
};

async function text(body: Readable): Promise<string> {
  let html = '';
  for await (const chunk of body) html += String(chunk);
  return html;
}

/**
 * The main layout's own data: the footer's grievance officer (docs/grievance-redressal.md), loaded for every store
 * page by the layout's loader. `keys` are the page's own; `layoutKeys` the layout's.
 */
const LAYOUT_KEYS = ['grievance-officer'];

/** Server-renders `path` (with the shopper's cookies: a personal render) and counts the renders it took. */
async function serverRender(path: string, { cookie, personal = cookie !== undefined }: { cookie?: string; personal?: boolean } = {}) {
  const renders = vi.mocked(renderToPipeableStream);
  renders.mockClear();
  const result = await render(new URL(path, 'http://localhost'), { transport: transportWith(cookie), desktop: true, personal });
  return {
    html: result.body ? await text(result.body) : null,
    redirect: result.redirect,
    status: result.status,
    keys: result.state.data
      .map(([key]) => key)
      .filter((k) => !LAYOUT_KEYS.includes(k))
      .sort(),
    layoutKeys: result.state.data.map(([key]) => key).filter((k) => LAYOUT_KEYS.includes(k)),
    renders: renders.mock.calls.length,
  };
}

const api = async (url: string) => (await store.app.inject({ method: 'GET', url })).json().data;

describe('content pages', () => {
  test.each([
    ['/sale/clearance', ['brands-on-offer', 'sale-bank-offers', 'sale:clearance']],
    ['/landing', ['home']],
    ['/importer', ['importers']],
    ['/authenticity', ['authenticity-brands']],
    // A module's loader serves each of its pages: the help centre's contact page wants only the phone numbers.
    ['/help-center/contact-us', ['help-phone']],
  ])('%s is rendered once, with its data', async (path, expected) => {
    const { keys, renders, html } = await serverRender(path);
    expect(renders).toBe(1);
    expect(keys).toEqual([...expected].sort());
    expect(html).not.toMatch(/Loading/);
  });

  test("an importer's page is rendered once, with the importer and its brands", async () => {
    const [importer] = (await api('/api/importer/importer-list/')) as { slug: string; name: string }[];
    const { keys, renders, html } = await serverRender(`/importer/${importer.slug}`);
    expect(renders).toBe(1);
    expect(keys).toEqual([`importer:${importer.slug}`]);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${importer.name}</h1>`));
  });

  test('the sale of the address is the one loaded (another slug, another key)', async () => {
    const { keys, renders, html } = await serverRender('/sale/mega-sale');
    expect(renders).toBe(1);
    expect(keys).toContain('sale:mega-sale');
    expect(keys).not.toContain('sale:clearance');
    expect(html).toContain('Mega Sale');
  });

  test.each([
    '/about',
    '/affiliate',
    '/retailer-details',
    '/unsubscribe',
    '/error',
    '/maintenance',
    '/no-internet',
    '/filenotfound',
    '/notFound',
  ])('%s has no data: rendered once, nothing wanted', async (path) => {
    const { keys, layoutKeys, renders } = await serverRender(path);
    expect(renders).toBe(1);
    expect(keys).toEqual([]);
    expect(layoutKeys).toEqual(LAYOUT_KEYS);
  });

  test("every store page's footer names the grievance officer in the one render", async () => {
    const { html, layoutKeys, renders } = await serverRender('/about');
    expect(renders).toBe(1);
    expect(layoutKeys).toEqual(['grievance-officer']);
    expect(html).toMatch(/<h2[^>]*>Grievance officer<\/h2>/);
    expect(html).toContain('Meera Iyer<!-- -->, <!-- -->Grievance Officer');
    expect(html).toContain('href="mailto:grievance@kasrat.test"');
  });
});

describe("the shopper's pages", () => {
  const cookieOf = (s: { token: string; cartId: string }) => `ksid=${s.token}; ${CART_COOKIE}=${s.cartId}`;
  const shopper = async (lines: number) => {
    const db = store.handle.db;
    const variant = await variantIn(db, 20_000, 200_000);
    const [s] = await createShoppers(db, 1, lines ? [{ variant_id: variant.id, quantity: lines }] : [], await pincode(db, 'cod'));
    return s;
  };
  /** A guest's cart holding one product, as the browser's cookie names it. */
  const guestCart = async () => {
    const variant = await variantIn(store.handle.db, 20_000, 200_000);
    const res = await store.app.inject({ method: 'POST', url: '/api/cart/add-to-cart', payload: { variant_id: variant.id, quantity: 1 } });
    const cookie = res.cookies.find((c) => c.name === CART_COOKIE);
    if (!cookie) throw new Error('adding to the cart set no cart cookie');
    return `${CART_COOKIE}=${cookie.value}`;
  };

  test("a guest's cart is rendered once, with its lines, gifts and coupons", async () => {
    const { keys, renders, html, redirect } = await serverRender('/cart', { cookie: await guestCart() });
    expect(redirect).toBeNull();
    expect(renders).toBe(1);
    expect(keys).toEqual(['shopper:cart', 'shopper:coupons', 'shopper:freebies', 'shopper:session']);
    expect(html).toMatch(/<h1[^>]*>My Cart/);
    // The checkout header marks the step its layout route names.
    expect(html?.match(/<li aria-current="step"[^>]*>(\w+)<\/li>/)?.[1]).toBe('Cart');
  });

  test("a signed-in shopper's cart is rendered once, with the saved list too", async () => {
    const { keys, renders, html } = await serverRender('/cart', { cookie: cookieOf(await shopper(1)) });
    expect(renders).toBe(1);
    expect(keys).toEqual(['shopper:cart', 'shopper:coupons', 'shopper:freebies', 'shopper:save for later', 'shopper:session']);
    expect(html).toMatch(/<h1[^>]*>My Cart/);
    // Drawn as signed in: the session the loader loaded is the one AuthProvider reads.
    expect(html).toContain('Proceed to checkout');
  });

  test('a visitor with neither a session nor a cart is sent to the empty cart page before anything renders', async () => {
    const { redirect, status, renders } = await serverRender('/cart', { personal: true });
    expect([status, redirect]).toEqual([302, '/logout-empty-cart']);
    expect(renders).toBe(0);
  });

  test('a signed-in shopper with an empty cart is sent to the signed-in empty cart page', async () => {
    const { redirect, status, renders } = await serverRender('/cart', { cookie: cookieOf(await shopper(0)) });
    expect([status, redirect]).toEqual([302, '/loggedin-empty-cart']);
    expect(renders).toBe(0);
  });

  test("an anonymous render never loads the shopper's data (its calls carry nobody's cookies)", async () => {
    const { keys, redirect, renders } = await serverRender('/cart', { personal: false });
    expect(redirect).toBeNull();
    expect(keys).toEqual([]);
    expect(renders).toBe(1);
  });

  test('the order confirmation is rendered once, with the order its cart and address price', async () => {
    const { keys, renders, html } = await serverRender('/order-confirmation', { cookie: cookieOf(await shopper(2)) });
    expect(renders).toBe(1);
    expect(keys).toEqual(['shopper:order-details', 'shopper:session']);
    expect(html).toContain('data-testid="confirm-address"');
    expect(html?.match(/<li aria-current="step"[^>]*>(\w+)<\/li>/)?.[1]).toBe('Address');
  });
});
