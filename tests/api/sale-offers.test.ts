import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { OffersPageResponse, PREVIEW_AUTHORIZATION, type ProductHit, SalePageResponse } from '../../schemas/catalogue.ts';
import { percentOff } from '../../schemas/money.ts';
import { describeBackends } from '../helpers/app.ts';
import { OPS_TOKEN_FOR_TESTS } from '../helpers/orders.ts';
import { ipAgent, loginAs } from './auth-helpers.ts';
import { signedInStaff } from './staff-fixtures.ts';

// The sale manager and offers calls of SPEC §7 as the sale and offers pages use them, and the preview
// authorization of SPEC §6 (plus a staff session or the operations token, in every environment).

const preview = { authorization: PREVIEW_AUTHORIZATION };
const previewUrls = [
  '/api/home/home-page-preview-info?id=1',
  '/api/offers/offer-data-preview?id=1',
  '/api/sale/get-preview-salepage-data?slug=clearance&id=1',
];

describeBackends('sale and offers pages API', (ctx) => {
  const get = (url: string, headers: Record<string, string> = {}) => ctx().app.inject({ method: 'GET', url, headers });

  describe('sale page', () => {
    test('every SPEC §2 sale section is filled; prices are integer paise', async () => {
      const res = await get('/api/sale/get-sale-page-data?slug=mega-sale');
      expect(res.statusCode).toBe(200);
      const { data } = SalePageResponse.parse(res.json());
      for (const key of [
        'partner_brand_offers',
        'banner_1',
        'budget_buys',
        'deals_on_favourites',
        'blockbuster',
        'category_products',
      ] as const)
        expect(data[key].length, key).toBeGreaterThan(0);
      for (const h of [...data.deals_on_favourites, ...data.category_products]) {
        expect(Number.isInteger(h.sale_price) && Number.isInteger(h.regular_price)).toBe(true);
        expect(h.sale_price).toBeLessThan(h.regular_price);
      }
      expect(data.title).toBe('Mega Sale');
    });

    test('blockbuster offers are at most 5, each at least 25 % off', async () => {
      const { data } = SalePageResponse.parse((await get('/api/sale/get-sale-page-data?slug=mega-sale')).json());
      expect(data.blockbuster.length).toBeLessThanOrEqual(5);
      for (const h of data.blockbuster) expect(percentOff(h.regular_price, h.sale_price)).toBeGreaterThanOrEqual(25);
    });

    test('a category sale holds only that category', async () => {
      const { data } = SalePageResponse.parse((await get('/api/sale/get-sale-page-data?slug=whey-protein')).json());
      expect(data.category_products.every((h: ProductHit) => h.category.slug === 'whey-protein')).toBe(true);
    });

    test('an unknown sale is a 404, a malformed or missing slug a 400', async () => {
      expect((await get('/api/sale/get-sale-page-data?slug=no-such-sale')).statusCode).toBe(404);
      for (const q of ['', '?slug=', '?slug=%3Cscript%3E', `?slug=${'a'.repeat(500)}`, '?slug=a&slug=b']) {
        const res = await get(`/api/sale/get-sale-page-data${q}`);
        expect(res.statusCode, q).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, q).toBeLessThan(500);
        expect(res.json().status).toBe(0);
      }
    });
  });

  describe('page meta', () => {
    const meta = async (url: string) => (await get(`/api/seo/page-seo-meta?url=${encodeURIComponent(url)}`)).json().data;
    test('a sale page is titled by its sale; landing is indexed; previews are not', async () => {
      expect((await meta('/sale/whey-protein')).title).toBe('Whey Protein Sale – authentic supplements at sale prices | Kasrat');
      expect((await meta('/sale/no-such-sale')).title).toBe('Sale | Kasrat');
      expect(await meta('/landing')).toMatchObject({ noindex: false });
      for (const url of ['/preview/home?id=1', '/preview/offers-coupons', '/preview/sale/mega-sale?id=2'])
        expect((await meta(url)).noindex, url).toBe(true);
    });
  });

  describe('offers page', () => {
    test('offer-data carries every offers section of SPEC §7', async () => {
      const res = await get('/api/offers/offer-data');
      const { data } = OffersPageResponse.parse(res.json());
      for (const key of [
        'banners',
        'carousel',
        'coupons',
        'bank_offers',
        'limited',
        'partner',
        'clearance',
        'brand_of_week',
        'budget_buys',
        'freebies',
      ] as const)
        expect(data[key].length, key).toBeGreaterThan(0);
      expect(data.banners.every((b) => b.creative_slot === 'offers_page_banner')).toBe(true);
      expect(data.carousel.every((b) => b.creative_slot === 'offers_page_carousel')).toBe(true);
    });
  });

  describe('preview (SPEC §6, docs/decisions/009-staff-preview-authorisation.md)', () => {
    const saved = { env: process.env.NODE_ENV, ops: process.env.OPS_TOKEN };
    beforeEach(() => {
      process.env.OPS_TOKEN = OPS_TOKEN_FOR_TESTS;
    });
    afterEach(() => {
      process.env.NODE_ENV = saved.env;
      if (saved.ops === undefined) delete process.env.OPS_TOKEN;
      else process.env.OPS_TOKEN = saved.ops;
    });
    const staffPreview = { ...preview, 'x-ops-token': OPS_TOKEN_FOR_TESTS };

    test('a preview call without the preview authorization is refused', async () => {
      for (const url of previewUrls) {
        expect((await get(url)).statusCode, url).toBe(403);
        expect((await get(url, { authorization: 'Preview wrong', 'x-ops-token': OPS_TOKEN_FOR_TESTS })).statusCode, url).toBe(403);
        expect((await get(url, staffPreview)).statusCode, url).toBe(200);
      }
    });

    // Fail closed: NODE_ENV unset, development or test is no reason to trust the published header.
    test.each([undefined, 'development', 'test', 'production'])('the fixed preview header alone is refused (NODE_ENV=%s)', async (env) => {
      if (env === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = env;
      for (const url of previewUrls) {
        const res = await get(url, preview);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().message).toMatch(/staff/);
      }
    });

    test('the operations token opens preview; a wrong one does not, nor the token without the preview header', async () => {
      for (const url of previewUrls) {
        expect((await get(url, staffPreview)).statusCode, url).toBe(200);
        expect((await get(url, { ...preview, 'x-ops-token': 'guess' })).statusCode, url).toBe(403);
        expect((await get(url, { 'x-ops-token': OPS_TOKEN_FOR_TESTS })).statusCode, url).toBe(403);
      }
    });

    test('a console staff session opens preview, with the preview header only', async () => {
      const { agent } = await signedInStaff(ctx(), 'marketing');
      for (const url of previewUrls) {
        expect((await agent.get(url, preview)).statusCode, url).toBe(200);
        expect((await agent.get(url)).statusCode, url).toBe(403);
      }
    });

    test('a signed-in staff customer opens preview; a shopper session does not', async () => {
      const agent = ipAgent(ctx());
      expect((await loginAs(agent, 'demo@kasrat.test', 'Demo@1234')).statusCode).toBe(200);
      const db = ctx().handle.db;
      for (const url of previewUrls) expect((await agent.get(url, preview)).statusCode, url).toBe(403);
      await db.updateTable('customers').set({ is_staff: true }).where('email', '=', 'demo@kasrat.test').execute();
      try {
        for (const url of previewUrls) expect((await agent.get(url, preview)).statusCode, url).toBe(200);
      } finally {
        await db.updateTable('customers').set({ is_staff: false }).where('email', '=', 'demo@kasrat.test').execute();
      }
    });
  });
});
