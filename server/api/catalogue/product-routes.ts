import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import type { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import {
  BrandDataRequest,
  ProductDetailRequest,
  ProductIdRequest,
  ProductSlugRequest,
  productUrl,
  RecommendationRequest,
  VariantDetailRequest,
  ProductDetailResponse,
  ProductDescriptionResponse,
  ProductListResponse,
  SourceProductResponse,
  ProductOffersResponse,
  ProductSlugResponse,
  ProductHitResponse,
  HighlightsResponse,
  AllProductDataResponse,
  BrandDataResponse,
} from '../../../schemas/catalogue.ts';
import { NotFound } from '../../http/errors.ts';
import { type ProductRec, toHit } from '../../search/index.ts';
import {
  brandSummary,
  type CatalogueContext,
  defaultVariant,
  findBrand,
  findProduct,
  hitsOf,
  popularProducts,
  sendJson,
  productDetail,
  productDetailResponse,
  productOffers,
  similarProducts,
  productDeclarations,
} from '../../modules/catalogue/index.ts';
import { truncate } from '../../../schemas/text.ts';
import { versionEtag } from '../../http/caching.ts';
import { ProductDeclarationsResponse } from '../../../schemas/declarations.ts';

// Product pages and their parts: details, offers, similar products, declarations (SPEC §7 product calls).

export async function productRoutes(root: FastifyInstance, { db, store, content }: CatalogueContext) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  /** SPEC §7: the product calls read the shopper's user agent and forwarded-for address, named in the request log. */
  const logViewer = (req: FastifyRequest, call: string) =>
    req.log.debug(
      {
        call,
        viewer: { user_agent: req.headers['user-agent'] ?? null, forwarded_for: req.headers['x-forwarded-for'] ?? null, ip: req.ip },
      },
      'product call',
    );
  const productOf = async ({ product_id }: z.infer<typeof ProductIdRequest>) => {
    await store.ready();
    return findProduct(store, product_id);
  };
  const listOf = (products: ProductRec[]) => ok({ products: hitsOf(products) });

  app.get(
    '/api/product-details/product-detail-page',
    {
      schema: {
        response: { 200: ProductDetailResponse },
        summary: 'Everything the product page shows for one product',
        operationId: 'getProductDetailPage',
        querystring: ProductDetailRequest,
      },
    },
    async (req, reply) => {
      const { product_id, variant_id } = req.query;
      await store.ready();
      // Not cached whole: spliced from cached pieces it costs less than a cache's churn (measured: 7.5k vs 3.7k req/s).
      const json = productDetailResponse(store, findProduct(store, product_id), variant_id);
      // The answer depends on the product's catalogue data alone: named by version, not hashed per request.
      reply.header('etag', versionEtag(store.version, `p${product_id}v${variant_id ?? ''}`));
      return sendJson(reply, json);
    },
  );

  app.get(
    '/api/product-details/variant-detail',
    {
      schema: {
        response: { 200: ProductHitResponse },
        summary: 'One variant of a product: price, stock, images',
        operationId: 'getVariantDetail',
        querystring: VariantDetailRequest,
      },
    },
    async (req) => {
      const { product_id, variant_id } = req.query;
      await store.ready();
      const p = findProduct(store, product_id);
      const v = p.variants.find((x) => x.id === variant_id);
      if (!v) throw new NotFound('Variant not found.');
      return ok(toHit(v));
    },
  );

  app.get(
    '/api/product-details/highlights-and-discription',
    {
      schema: {
        response: { 200: HighlightsResponse },
        summary: "A product's highlights and description",
        operationId: 'getProductHighlights',
        querystring: ProductIdRequest,
      },
    },
    async (req) => {
      const p = await productOf(req.query);
      return ok({ highlights: p.highlights, description: p.description });
    },
  );

  app.get(
    '/api/product-details/product-description',
    {
      schema: {
        response: { 200: ProductDescriptionResponse },
        summary: "A product's long description",
        operationId: 'getProductDescription',
        querystring: ProductIdRequest,
      },
    },
    async (req) => {
      const p = await productOf(req.query);
      return ok({ description: p.description, short_description: truncate(p.description) });
    },
  );

  // The product's range: the brand's other products, the same category first.
  app.get(
    '/api/product-details/product-range',
    {
      schema: {
        response: { 200: ProductListResponse },
        summary: 'Other products of the same range',
        operationId: 'getProductRange',
        querystring: ProductIdRequest,
      },
    },
    async (req) => {
      const p = await productOf(req.query);
      const same = popularProducts(store, (x) => x !== p && x.brand === p.brand && x.category === p.category, 12);
      const rest = popularProducts(store, (x) => x.brand === p.brand && x.category !== p.category, 12 - same.length);
      return listOf([...same, ...rest]);
    },
  );

  // Related: the same category from other brands.
  app.get(
    '/api/product-details/related-product',
    {
      schema: {
        response: { 200: ProductListResponse },
        summary: 'Products related to a product',
        operationId: 'listRelatedProducts',
        querystring: ProductIdRequest,
      },
    },
    async (req) => {
      const p = await productOf(req.query);
      return listOf(popularProducts(store, (x) => x.brand !== p.brand && x.category === p.category, 12));
    },
  );

  app.get(
    '/api/product-details/recommendation',
    {
      schema: {
        response: { 200: ProductListResponse },
        summary: 'Products recommended with a product',
        operationId: 'listRecommendations',
        querystring: RecommendationRequest,
      },
    },
    async (req) => {
      const { recommender_product_id } = req.query;
      await store.ready();
      return listOf(similarProducts(store, findProduct(store, recommender_product_id), 12));
    },
  );

  // Where the product comes from: the brand, its authorised importer and certificate (authenticity).
  app.get(
    '/api/product-details/source-product',
    {
      schema: {
        response: { 200: SourceProductResponse },
        summary: 'Where a product comes from: brand and importer',
        operationId: 'getSourceProduct',
        querystring: ProductIdRequest,
      },
    },
    async (req) => {
      const p = await productOf(req.query);
      const b = p.brand;
      return ok({
        brand: { id: b.id, name: b.name, slug: b.slug, country: b.country },
        sourced_from: b.importer ? 'importer' : 'brand',
        importer: b.importer,
        certificate: b.certificate,
      });
    },
  );

  // The label's declarations (docs/product-declarations.md): read from the database, as they are edited rarely and
  // shown once per page; prices per serving from this instance's catalogue, as the page's price.
  app.get(
    '/api/product-details/declarations',
    {
      schema: {
        response: { 200: ProductDeclarationsResponse },
        summary: "A product's label declarations: maker, net quantity, nutrition, FSSAI licence",
        operationId: 'getProductDeclarations',
        querystring: ProductIdRequest,
      },
    },
    async (req) => ok(await productDeclarations(db, await productOf(req.query))),
  );

  app.get(
    '/api/product-details/product-offer',
    {
      schema: {
        response: { 200: ProductOffersResponse },
        summary: 'Offers that apply to a product',
        operationId: 'listProductOffers',
        querystring: ProductIdRequest,
      },
    },
    async (req) => {
      const p = await productOf(req.query);
      return ok(productOffers(p, await content.get()));
    },
  );

  app.get(
    '/api/product-details/product-slug',
    {
      schema: {
        response: { 200: ProductSlugResponse },
        summary: "Resolve a product's slug to its id",
        operationId: 'getProductBySlug',
        querystring: ProductSlugRequest,
      },
    },
    async (req) => {
      const { productSlug } = req.query;
      await store.ready();
      const p = store.snapshot.productsBySlug.get(productSlug);
      if (!p) throw new NotFound('Product not found.');
      const v = defaultVariant(p);
      return ok({ pid: p.id, vid: v.id, slug: p.slug, url: productUrl(p.slug, p.id, v.id) });
    },
  );

  app.get(
    '/api/product/product-data',
    {
      schema: {
        response: { 200: ProductHitResponse },
        summary: "A product's data",
        operationId: 'getProductData',
        querystring: ProductIdRequest,
      },
    },
    async (req) => {
      logViewer(req, 'product-data');
      const p = await productOf(req.query);
      return ok(toHit(defaultVariant(p)));
    },
  );

  app.get(
    '/api/product/all-product-data',
    {
      schema: {
        response: { 200: AllProductDataResponse },
        summary: "A product's data with all its variants",
        operationId: 'getAllProductData',
        querystring: ProductIdRequest,
      },
    },
    async (req) => {
      logViewer(req, 'all-product-data');
      const p = await productOf(req.query);
      return ok({ ...productDetail(p), description: p.description, offers: productOffers(p, await content.get()) });
    },
  );

  app.get(
    '/api/product/brand-data',
    {
      schema: {
        response: { 200: BrandDataResponse },
        summary: "A brand's data",
        operationId: 'getBrandData',
        querystring: BrandDataRequest,
      },
    },
    async (req) => {
      logViewer(req, 'brand-data');
      const { b_id } = req.query;
      await store.ready();
      const b = findBrand(store, { id: b_id });
      return ok({
        ...brandSummary(b),
        description: b.description,
        launched_at: b.launched_at,
        importer: b.importer,
        certificate: b.certificate,
      });
    },
  );
}
