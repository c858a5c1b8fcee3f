import { describeBackends } from '../helpers/app.ts';

// SPEC §2 / docs/architecture.md "Rendering": every content page carries its own title and description, in the server
// HTML (crawlers run no JavaScript) and from page-seo-meta (the app's navigation), and both agree.
const PAGES: Array<[string, RegExp]> = [
  ['/authenticity', /^Check Authenticity \| Kasrat$/],
  ['/importer', /^Authorised Importers \| Kasrat$/],
  ['/store-locator', /^Store Locator \| Kasrat$/],
  ['/retailer-details', /^Retailer Programme \| Kasrat$/],
  ['/unsubscribe', /^Unsubscribe \| Kasrat$/],
  ['/about', /^About Us \| Kasrat$/],
  ['/affiliate', /^Affiliate Programme \| Kasrat$/],
];

describeBackends('content page SEO', (ctx) => {
  const htmlOf = async (path: string) => {
    // The HTML pages are served by an app with a client template (the fallback one here).
    const res = await ctx().app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'identity' } });
    return { status: res.statusCode, html: res.body };
  };
  const seoOf = async (path: string) =>
    (await ctx().app.inject({ method: 'GET', url: `/api/seo/page-seo-meta?url=${encodeURIComponent(path)}` })).json().data as {
      title: string;
      description: string;
    };

  test('every content page has its title and description in the server HTML and in page-seo-meta', async () => {
    for (const [path, title] of PAGES) {
      const { status, html } = await htmlOf(path);
      expect(status, path).toBe(200);
      const seo = await seoOf(path);
      expect(seo.title, path).toMatch(title);
      expect(html).toContain(`<title>${seo.title.replace(/&/g, '&amp;')}</title>`);
      expect(seo.description.length, path).toBeGreaterThan(30);
      expect(html).toContain(`<meta name="description" content="${seo.description.replace(/&/g, '&amp;')}" />`);
    }
  });

  test('an importer page is titled with the importer, from the database; an unknown one falls back', async () => {
    const importer = await ctx().handle.db.selectFrom('importers').selectAll().orderBy('id').executeTakeFirstOrThrow();
    const seo = await seoOf(`/importer/${importer.slug}`);
    expect(seo.title).toBe(`${importer.name}: Brand Certificates | Kasrat`);
    expect(seo.description).toContain(importer.licence_no);
    const { html } = await htmlOf(`/importer/${importer.slug}`);
    expect(html).toContain(`<title>${importer.name}: Brand Certificates | Kasrat</title>`);
    expect((await seoOf('/importer/nobody')).title).toBe('Importer Certificates | Kasrat');
  });
});
