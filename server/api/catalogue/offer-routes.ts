import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import type { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import {
  HomeRequest,
  PreviewRequest,
  SalePreviewRequest,
  SaleSlugRequest,
  BankOffersResponse,
  BrandsOnOfferResponse,
  HomeResponse,
  HomePreviewResponse,
  OffersPageResponse,
  PromotedProductsResponse,
  SalePageResponse,
  FreebieOffersResponse,
  PromotionsResponse,
  CouponOffersResponse,
  BannerDataResponse,
  ProductHitsResponse,
} from '../../../schemas/catalogue.ts';
import type { RouteDoc } from '../../http/docs.ts';
import {
  type CatalogueContext,
  hitsOf,
  popularProducts,
  promotionsOf,
  type Content,
  brandsOnOffer,
  discounted,
  freebieOffers,
  homeSections,
  offersPage,
  requirePreview,
  salePage,
} from '../../modules/catalogue/index.ts';

// Offers, the home page, sale pages and their previews (SPEC §7 offers, home and sale calls).

export async function offerRoutes(root: FastifyInstance, { db, store, content: cache }: CatalogueContext) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  // SPEC §7: the offers page, bank offers, partner offers and the coupon list also have direct backend list paths,
  // as the reviews have theirs (server/api/reviews/routes.ts): a second path to the same handler, its own
  // operation in the API document.
  const OFFERS_DIRECT = '/api/offers/p/v1';
  const get = <Q extends z.ZodType = z.ZodUnknown>(
    path: string,
    build: (content: Content, query: z.infer<Q>) => unknown,
    options: RouteDoc & { preview?: boolean; response?: z.ZodType; querystring?: Q; direct?: string },
  ) => {
    register(path, build, options);
    if (options.direct)
      register(`${OFFERS_DIRECT}/${options.direct}`, build, {
        ...options,
        summary: `${options.summary} (direct list path)`,
        operationId: `${options.operationId}Direct`,
      });
  };
  const register = <Q extends z.ZodType = z.ZodUnknown>(
    path: string,
    build: (content: Content, query: z.infer<Q>) => unknown,
    options: RouteDoc & { preview?: boolean; response?: z.ZodType; querystring?: Q },
  ) =>
    app.get(
      path,
      {
        schema: {
          summary: options.summary,
          operationId: options.operationId,
          ...(options.querystring ? { querystring: options.querystring } : {}),
          ...(options.response ? { response: { 200: options.response } } : {}),
        },
        // A preview is for staff: refused before Fastify validates the query (docs/decisions/025).
        ...(options.preview ? { onRequest: async (req: FastifyRequest) => requirePreview(db, req) } : {}),
      },
      async (req) => {
        await store.ready();
        const content = await cache.get();
        // Fastify validated the query with `options.querystring`; TypeScript cannot follow the generic schema.
        return ok(build(content, req.query as z.infer<Q>));
      },
    );
  const kind = (k: string) => (x: { kind: string }) => x.kind === k;

  get('/api/offers/limited-offer', (c) => promotionsOf(store, c, kind('limited'), 'limited_offer'), {
    summary: 'Limited-time offers',
    operationId: 'listLimitedOffers',
    response: PromotionsResponse,
  });
  get(
    '/api/offers/brand-of-week',
    (c) => {
      const promotions = promotionsOf(store, c, kind('brand_of_week'), 'brand_of_week');
      const brandId = promotions[0]?.brand?.id;
      return { promotions, products: brandId ? hitsOf(popularProducts(store, (p) => p.brand.id === brandId, 8)) : [] };
    },
    { summary: 'The brand of the week', operationId: 'getBrandOfWeek', response: PromotedProductsResponse },
  );
  get('/api/offers/budget-buy', (c) => promotionsOf(store, c, kind('budget_buy'), 'budget_buys'), {
    summary: 'Budget buys',
    operationId: 'listBudgetBuys',
    response: PromotionsResponse,
  });
  get('/api/offers/freebie-offer', (c) => freebieOffers(store, c), {
    summary: 'Free-gift offers',
    operationId: 'listFreebieOffers',
    response: FreebieOffersResponse,
  });
  get('/api/offers/coupon-offer', (c) => offersPage(store, c).coupons, {
    summary: 'Coupon offers',
    operationId: 'listCouponOffers',
    response: CouponOffersResponse,
    direct: 'coupon-list',
  });
  get('/api/offers/bank-offer', (c) => offersPage(store, c).bank_offers, {
    summary: 'Bank offers',
    operationId: 'listBankOffers',
    response: BankOffersResponse,
    direct: 'bank-offer',
  });
  get('/api/offers/partner-offer', (c) => promotionsOf(store, c, kind('partner'), 'partner_offer'), {
    summary: 'Partner offers',
    operationId: 'listPartnerOffers',
    response: PromotionsResponse,
    direct: 'partner-offer',
  });
  get(
    '/api/offers/clearance-offer',
    (c) => ({
      promotions: promotionsOf(store, c, kind('clearance'), 'clearance_offer'),
      products: discounted(store, () => true, 30, 12),
    }),
    { summary: 'Clearance offers', operationId: 'listClearanceOffers', response: PromotedProductsResponse },
  );
  get(
    '/api/offers/banner-data',
    (c) => {
      const page = homeSections(store, c);
      return {
        banner_web: page.banner_web,
        banner_mobile: page.banner_mobile,
        carousel_web: page.carousel_web,
        carousel_mobile: page.carousel_mobile,
        mini_banners: page.mini_banners,
      };
    },
    { summary: 'Banners of the offers page', operationId: 'getOfferBanners', response: BannerDataResponse },
  );
  get('/api/offers/offer-data', (c) => offersPage(store, c), {
    summary: 'The offers page',
    operationId: 'getOfferPage',
    response: OffersPageResponse,
    direct: 'offer-page',
  });
  get('/api/offers/offer-data-preview', (c, { id }) => ({ ...offersPage(store, c, true), preview_id: id ?? null }), {
    preview: true,
    querystring: PreviewRequest,
    summary: 'Staff preview of an unpublished offers page',
    operationId: 'previewOfferPage',
    response: OffersPageResponse,
  });

  get('/api/sale/get-deals-on-favourite', () => discounted(store, (p) => p.is_bestseller, 1, 12), {
    summary: 'Deals on favourite products',
    operationId: 'listDealsOnFavourites',
    response: ProductHitsResponse,
  });
  get('/api/sale/get-brands-on-offer', () => store.derive('brands-on-offer', () => brandsOnOffer(store)), {
    summary: 'Brands with offers',
    operationId: 'listBrandsOnOffer',
    response: BrandsOnOfferResponse,
  });
  get('/api/sale/get-bank-offer', (c) => offersPage(store, c).bank_offers, {
    summary: 'Bank offers of the sale page',
    operationId: 'listSaleBankOffers',
    response: BankOffersResponse,
  });
  get('/api/sale/get-sale-page-data', (c, { slug }) => salePage(store, c, slug), {
    querystring: SaleSlugRequest,
    summary: 'A sale page by its slug',
    operationId: 'getSalePage',
    response: SalePageResponse,
  });
  get('/api/sale/get-preview-salepage-data', (c, { slug, id }) => ({ ...salePage(store, c, slug, true), preview_id: id ?? null }), {
    preview: true,
    querystring: SalePreviewRequest,
    summary: 'Staff preview of an unpublished sale page',
    operationId: 'previewSalePage',
    response: SalePageResponse,
  });

  get('/api/home/home-page-info', (c, { orderId }) => ({ ...homeSections(store, c), order_id: orderId ?? null }), {
    querystring: HomeRequest,
    summary: "The home page's sections",
    operationId: 'getHomePage',
    response: HomeResponse,
  });
  get('/api/home/home-page-preview-info', (c, { id }) => ({ ...homeSections(store, c, true), preview_id: id ?? null }), {
    preview: true,
    querystring: PreviewRequest,
    summary: 'Staff preview of an unpublished home page',
    operationId: 'previewHomePage',
    response: HomePreviewResponse,
  });
}
