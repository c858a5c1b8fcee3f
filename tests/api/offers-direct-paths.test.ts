import { describeBackends } from '../helpers/app.ts';

// SPEC §7: the offers page, bank offers, partner offers and the coupon list have direct backend list paths beside
// their /api/offers calls, as the reviews have (/api/review/p/v1): the same answer, and an operation of their own in
// the API document.

const PAIRS: Array<[direct: string, call: string]> = [
  ['/api/offers/p/v1/offer-page', '/api/offers/offer-data'],
  ['/api/offers/p/v1/bank-offer', '/api/offers/bank-offer'],
  ['/api/offers/p/v1/partner-offer', '/api/offers/partner-offer'],
  ['/api/offers/p/v1/coupon-list', '/api/offers/coupon-offer'],
];

describeBackends('offers: direct backend list paths', (ctx) => {
  test.each(PAIRS)('%s answers what %s answers', async (direct, call) => {
    const a = await ctx().app.inject({ method: 'GET', url: direct });
    const b = await ctx().app.inject({ method: 'GET', url: call });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({ status: 1 });
    expect(a.json()).toEqual(b.json());
  });

  test('the seeded store has something on each list, so the comparison compares data', async () => {
    const page = (await ctx().app.inject({ method: 'GET', url: '/api/offers/p/v1/offer-page' })).json().data;
    expect(page.coupons.length + page.bank_offers.length + page.partner.length).toBeGreaterThan(0);
  });

  test('each direct path is its own operation of the API document', async () => {
    const doc = (await ctx().app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const [direct, call] of PAIRS) {
      const own = doc.paths[direct]?.get?.operationId;
      expect(own).toBe(`${doc.paths[call]?.get?.operationId}Direct`);
    }
  });
});
