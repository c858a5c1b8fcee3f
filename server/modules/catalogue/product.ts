import type { FastifyInstance } from 'fastify';
import {
  BrandDataRequest,
  type ProductDetail,
  ProductDetailRequest,
  type ProductHit,
  ProductIdRequest,
  type ProductOffers,
  ProductSlugRequest,
  productUrl,
  RecommendationRequest,
  swatchesFor,
  VariantDetailRequest,
} from '../../../schemas/catalogue.ts';
import { truncate } from '../../../schemas/text.ts';
import { versionEtag } from '../../http/caching.ts';
import { NotFound } from '../../http/errors.ts';
import { parse } from '../../http/validate.ts';
import type { CatalogueStore, ProductRec, VariantRec } from '../../search/index.ts';
import { catHierarchy, swatchValues, toHit } from '../../search/index.ts';
import {
  BRANDS_CRUMB,
  brandSummary,
  type CatalogueContext,
  categoryCrumbs,
  defaultVariant,
  findBrand,
  findProduct,
  HOME_CRUMB,
  hitsOf,
  okJsonParts,
  popularProducts,
  productCrumb,
  productImages,
  sendJson,
} from './context.ts';
import { type Content, isLive } from './content-cache.ts';

// The product page and its side calls (/api/product-details/*) and the /api/product calls, all from memory.

/** The trail of a product page reached from a brand page (SPEC §2 origin brand). */
const brandBreadcrumbs = (v: VariantRec) => [
  HOME_CRUMB,
  BRANDS_CRUMB,
  { value: v.product.brand.name, category_slug: v.product.brand.slug, redirect_url: `/brand/${v.product.brand.slug}` },
  productCrumb(v),
];

/** Everything of a product page except the hits themselves (`variant`, `variants`). */
function detailFrame(p: ProductRec, chosen: VariantRec): Omit<ProductDetail, 'variant' | 'variants'> {
  // Swatches need only what a variant's hit says about stock and swatch values.
  const light = p.variants.map((v) => ({
    vid: v.id,
    stock_status: v.stock > 0 ? 'instock' : 'outofstock',
    selected_swatch_values: Object.fromEntries(swatchValues(v).map((s) => [s.key, s.value])),
  }));
  const sales = p.variants.map((v) => v.sale_price);
  return {
    product: {
      id: p.id,
      name: p.name,
      slug: p.slug,
      parent_sku: p.parent_sku,
      url: productUrl(p.slug, p.id, chosen.id),
      brand: brandSummary(p.brand),
      category: { id: p.category.id, name: p.category.name, slug: p.category.slug },
      cat_hierarchy: catHierarchy(p),
      food_type: p.food_type,
      rating: p.rating,
      rating_count: p.rating_count,
      is_bestseller: p.is_bestseller,
      highlights: p.highlights,
      short_description: truncate(p.description),
      show_range: Math.min(...sales) !== Math.max(...sales),
    },
    swatches: swatchesFor(light, light.find((v) => v.vid === chosen.id) as (typeof light)[number]),
    images: productImages(chosen),
    breadcrumbs: [HOME_CRUMB, ...categoryCrumbs(p.category), productCrumb(chosen)],
    brand_breadcrumbs: brandBreadcrumbs(chosen),
  };
}

const chosenVariant = (p: ProductRec, variantId?: number): VariantRec =>
  (variantId !== undefined ? p.variants.find((v) => v.id === variantId) : undefined) ?? defaultVariant(p);

export function productDetail(p: ProductRec, variantId?: number): ProductDetail {
  const chosen = chosenVariant(p, variantId);
  const variants = p.variants.map(toHit);
  return { ...detailFrame(p, chosen), variant: variants.find((v) => v.vid === chosen.id) as ProductHit, variants };
}

const B = (s: string) => Buffer.from(s);
const COMMA = B(',');

/**
 * The product-detail-page response as JSON bytes, with the hits spliced in from the per-variant JSON cache (the
 * same bytes listings use), so a product page costs one small JSON.stringify.
 */
export function productDetailResponse(store: CatalogueStore, p: ProductRec, variantId?: number): Buffer {
  const chosen = chosenVariant(p, variantId);
  const frame = JSON.stringify(detailFrame(p, chosen));
  const hits: Buffer[] = [];
  for (const v of p.variants) {
    if (hits.length) hits.push(COMMA);
    hits.push(store.hitJsonOf(v));
  }
  return okJsonParts([B(`${frame.slice(0, -1)},"variant":`), store.hitJsonOf(chosen), B(',"variants":['), ...hits, B(']}')]);
}

export function productOffers(p: ProductRec, content: Content, now = Date.now()): ProductOffers {
  const categoryIds = new Set(p.category.path.map((c) => c.id));
  return {
    coupons: content.coupons
      .filter((c) => c.active && isLive(c, now))
      .filter((c) => (c.brand_id === null || c.brand_id === p.brand.id) && (c.category_id === null || categoryIds.has(c.category_id)))
      .map((c) => ({ code: c.code, details: c.description })),
    bank_offers: content.bankOffers
      .filter((b) => isLive(b, now))
      .map((b) => ({ id: b.id, bank: b.bank, instrument: b.instrument, description: b.description })),
    freebies: content.freebies.filter((f) => f.active).map((f) => ({ id: f.id, title: f.title, threshold: f.threshold })),
  };
}

/** Products like this one: same category first, then the sibling categories, most popular first. */
export function similarProducts(store: CatalogueStore, p: ProductRec, limit: number): ProductRec[] {
  const parent = p.category.path[p.category.path.length - 2];
  const same = popularProducts(store, (x) => x !== p && x.category === p.category, limit);
  if (same.length >= limit || !parent) return same;
  return [
    ...same,
    ...popularProducts(store, (x) => x !== p && x.category !== p.category && parent.subtree.includes(x.category.id), limit - same.length),
  ];
}

export async function productRoutes(app: FastifyInstance, { store, content }: CatalogueContext) {
  const productOf = async (query: unknown) => {
    const { product_id } = parse(ProductIdRequest, query);
    await store.ready();
    return findProduct(store, product_id);
  };
  const listOf = (products: ProductRec[]) => ({ status: 1 as const, message: 'Success', data: { products: hitsOf(products) } });

  app.get('/api/product-details/product-detail-page', { schema: { querystring: ProductDetailRequest } }, async (req, reply) => {
    const { product_id, variant_id } = parse(ProductDetailRequest, req.query);
    await store.ready();
    // Not cached: spliced from cached hits it costs less than a cache's churn (measured: 7.5k vs 3.7k req/s).
    const json = productDetailResponse(store, findProduct(store, product_id), variant_id);
    // The answer depends on the product's catalogue data alone: named by version, not hashed per request.
    reply.header('etag', versionEtag(store.version, `p${product_id}v${variant_id ?? ''}`));
    return sendJson(reply, json);
  });

  app.get('/api/product-details/variant-detail', { schema: { querystring: VariantDetailRequest } }, async (req) => {
    const { product_id, variant_id } = parse(VariantDetailRequest, req.query);
    await store.ready();
    const p = findProduct(store, product_id);
    const v = p.variants.find((x) => x.id === variant_id);
    if (!v) throw new NotFound('Variant not found.');
    return { status: 1, message: 'Success', data: toHit(v) };
  });

  app.get('/api/product-details/highlights-and-discription', async (req) => {
    const p = await productOf(req.query);
    return { status: 1, message: 'Success', data: { highlights: p.highlights, description: p.description } };
  });

  app.get('/api/product-details/product-description', async (req) => {
    const p = await productOf(req.query);
    return { status: 1, message: 'Success', data: { description: p.description, short_description: truncate(p.description) } };
  });

  // The product's range: the brand's other products, the same category first.
  app.get('/api/product-details/product-range', async (req) => {
    const p = await productOf(req.query);
    const same = popularProducts(store, (x) => x !== p && x.brand === p.brand && x.category === p.category, 12);
    const rest = popularProducts(store, (x) => x.brand === p.brand && x.category !== p.category, 12 - same.length);
    return listOf([...same, ...rest]);
  });

  // Related: the same category from other brands.
  app.get('/api/product-details/related-product', async (req) => {
    const p = await productOf(req.query);
    return listOf(popularProducts(store, (x) => x.brand !== p.brand && x.category === p.category, 12));
  });

  app.get('/api/product-details/recommendation', { schema: { querystring: RecommendationRequest } }, async (req) => {
    const { recommender_product_id } = parse(RecommendationRequest, req.query);
    await store.ready();
    return listOf(similarProducts(store, findProduct(store, recommender_product_id), 12));
  });

  // Where the product comes from: the brand, its authorised importer and certificate (authenticity).
  app.get('/api/product-details/source-product', async (req) => {
    const p = await productOf(req.query);
    const b = p.brand;
    return {
      status: 1,
      message: 'Success',
      data: {
        brand: { id: b.id, name: b.name, slug: b.slug, country: b.country },
        sourced_from: b.importer ? 'importer' : 'brand',
        importer: b.importer,
        certificate: b.certificate,
      },
    };
  });

  app.get('/api/product-details/product-offer', async (req) => {
    const p = await productOf(req.query);
    return { status: 1, message: 'Success', data: productOffers(p, await content.get()) };
  });

  app.get('/api/product-details/product-slug', { schema: { querystring: ProductSlugRequest } }, async (req) => {
    const { productSlug } = parse(ProductSlugRequest, req.query);
    await store.ready();
    const p = store.snapshot.productsBySlug.get(productSlug);
    if (!p) throw new NotFound('Product not found.');
    const v = defaultVariant(p);
    return { status: 1, message: 'Success', data: { pid: p.id, vid: v.id, slug: p.slug, url: productUrl(p.slug, p.id, v.id) } };
  });

  app.get('/api/product/product-data', async (req) => {
    const p = await productOf(req.query);
    return { status: 1, message: 'Success', data: toHit(defaultVariant(p)) };
  });

  app.get('/api/product/all-product-data', async (req) => {
    const p = await productOf(req.query);
    return {
      status: 1,
      message: 'Success',
      data: { ...productDetail(p), description: p.description, offers: productOffers(p, await content.get()) },
    };
  });

  app.get('/api/product/brand-data', { schema: { querystring: BrandDataRequest } }, async (req) => {
    const { b_id } = parse(BrandDataRequest, req.query);
    await store.ready();
    const b = findBrand(store, { id: b_id });
    return {
      status: 1,
      message: 'Success',
      data: {
        ...brandSummary(b),
        description: b.description,
        launched_at: b.launched_at,
        importer: b.importer,
        certificate: b.certificate,
      },
    };
  });
}
