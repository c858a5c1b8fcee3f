import { expect, test } from './fixtures.ts';
import { visit } from './hydration-visit.ts';

// docs/decisions/010: the content pages whose data their route's loader loads come server-rendered with it, and the
// browser hydrates them without a mismatch and without asking for that data again (a loader that loaded another key
// than the page's hook reads would leave the page loading on the server and the call to the browser).

/** Each page, and the calls of the data its loader loaded: none is made again by the browser. */
const PAGES: Array<[string, string[]]> = [
  ['/landing', ['/api/home/home-page-info']],
  ['/sale/clearance', ['/api/sale/get-sale-page-data', '/api/sale/get-brands-on-offer', '/api/sale/get-bank-offer']],
  ['/importer', ['/api/importer/importer-list/']],
  ['/authenticity', ['/api/authenticity/brand-list/']],
  ['/help-center/contact-us', ['/api/help-center/customer-phone-support']],
];

test.describe('content pages rendered from their loaders', () => {
  for (const [path, calls] of PAGES) {
    test(`${path} hydrates without a mismatch and asks for none of its rendered data again`, async ({ page }) => {
      const { problems, apiCalls } = await visit(page, path, { settle: true });
      expect(problems).toEqual([]);
      for (const call of calls)
        expect(
          apiCalls.filter((c) => c.startsWith(call)),
          call,
        ).toEqual([]);
    });
  }

  test("an importer's page hydrates without a mismatch and asks for its brands only once", async ({ page, request }) => {
    const [importer] = (await (await request.get('/api/importer/importer-list/')).json()).data as { slug: string; name: string }[];
    const { problems, apiCalls } = await visit(page, `/importer/${importer.slug}`, { settle: true });
    expect(problems).toEqual([]);
    await expect(page.getByRole('heading', { level: 1, name: importer.name })).toBeVisible();
    expect(apiCalls.filter((c) => c.startsWith('/api/importer/brand-list-data'))).toEqual([]);
  });
});
