import type { FastifyInstance } from 'fastify';
import type { RouteObject } from 'react-router-dom';
import { buildApp } from '../../server/app.ts';
import { routeFactsIn } from '../../src/app/route-facts.ts';
import { routes } from '../../src/app/routes.tsx';
import { BACKENDS, openTestDatabase } from '../helpers/app.ts';

// A page's address is written only in the route table (src/app/routes.tsx): the catalogue's canonical redirects,
// 404s and meta, and an importer's meta, follow the table's route (server/html.ts PageAddress). Here the table moves
// the product, brand and importer pages; the server must answer at the new addresses and no longer at the old ones.

/** The real table with some pages at other addresses. */
function moved(list: RouteObject[], to: Record<string, string>): RouteObject[] {
  return list.map((route) => {
    const path = route.path && to[route.path] ? to[route.path] : route.path;
    return { ...route, path, ...(route.children ? { children: moved(route.children, to) } : {}) } as RouteObject;
  });
}

const MOVED = moved(routes, { '/product/:slug': '/p/:slug', '/brand/:slug': '/maker/:slug', '/importer/:slug': '/imports/:slug' });

describe.each(BACKENDS)('page addresses come from the route table [%s]', (backend) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  const get = (url: string) => app.inject({ method: 'GET', url });
  const titleOf = (html: string) => /<title>(.*?)<\/title>/.exec(html)?.[1];

  beforeAll(async () => {
    db = await openTestDatabase(backend);
    app = await buildApp({
      config: { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
      handle: db.handle,
      clientDir: null,
      routeFacts: (pathname) => routeFactsIn(MOVED, pathname),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const product = () => db.handle.db.selectFrom('products').select(['id', 'slug', 'name']).orderBy('id').executeTakeFirstOrThrow();

  test("a product's page, its canonical redirects and its 404 follow the table's address", async () => {
    const p = await product();
    const own = await get(`/p/${p.slug}/?pId=${p.id}`);
    expect(own.statusCode).toBe(200);
    expect(titleOf(own.body)).toBe(`${p.name} | Kasrat`);
    expect(own.body).toContain(`"url":"http://localhost/p/${p.slug}/?pId=${p.id}`);
    const bySlug = await get(`/p/${p.slug}/`);
    expect(bySlug.statusCode).toBe(301);
    expect(bySlug.headers.location).toBe(`/p/${p.slug}/?pId=${p.id}`);
    const otherSlug = await get(`/p/not-its-slug/?pId=${p.id}&vId=1`);
    expect(otherSlug.statusCode).toBe(301);
    expect(otherSlug.headers.location).toBe(`/p/${p.slug}/?pId=${p.id}&vId=1`);
    expect((await get('/p/no-such-product/')).statusCode).toBe(404);
  });

  test('the old addresses are no pages of the catalogue any more: not found, not titled, not redirected', async () => {
    const p = await product();
    const brand = await db.handle.db.selectFrom('brands').select(['slug', 'name']).orderBy('id').executeTakeFirstOrThrow();
    for (const url of [`/product/${p.slug}/?pId=${p.id}`, `/product/${p.slug}/`, `/brand/${brand.slug.toUpperCase()}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(titleOf(res.body), url).toBe('Page Not Found | Kasrat');
    }
  });

  test("a brand's and an importer's meta, and the brand's canonical slug, follow the table", async () => {
    const brand = await db.handle.db.selectFrom('brands').select(['slug', 'name']).orderBy('id').executeTakeFirstOrThrow();
    const page = await get(`/maker/${brand.slug}`);
    expect(page.statusCode).toBe(200);
    expect(titleOf(page.body)).toBe(`${brand.name} Supplements | Kasrat`);
    const upper = await get(`/maker/${brand.slug.toUpperCase()}/?sort=price`);
    expect(upper.statusCode).toBe(301);
    expect(upper.headers.location).toBe(`/maker/${brand.slug}/?sort=price`);

    const importer = await db.handle.db.selectFrom('importers').select(['slug', 'name']).orderBy('id').executeTakeFirstOrThrow();
    const seo = async (url: string) =>
      (await get(`/api/seo/page-seo-meta?url=${encodeURIComponent(url)}`)).json<{ data: { title: string } }>().data.title;
    expect(await seo(`/imports/${importer.slug}`)).toBe(`${importer.name}: Brand Certificates | Kasrat`);
    expect(await seo(`/importer/${importer.slug}`)).not.toContain(importer.name);
    expect(await seo(`/maker/${brand.slug}`)).toBe(`${brand.name} Supplements | Kasrat`);
  });
});
