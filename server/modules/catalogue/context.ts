import { gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import type { BrandSummary, BreadcrumbItem, CategorySummary, Image, ProductHit } from '../../../schemas/catalogue.ts';
import type { Db } from '../../db/database.ts';
import { etagOf } from '../../http/caching.ts';
import { API_COMPRESSION } from '../../http/compression.ts';
import { NotFound } from '../../http/errors.ts';
import type { BrandRec, CatalogueStore, CategoryRec, FallbackSearch, ProductRec, VariantRec } from '../../search/index.ts';
import { toHit } from '../../search/index.ts';
import type { ContentCache } from './content-cache.ts';
import { brandImage, categoryImage, productImage } from '../../../schemas/images.ts';

// What every catalogue route file gets: the database, this instance's catalogue store and the content cache.
export interface CatalogueContext {
  db: Db;
  store: CatalogueStore;
  content: ContentCache;
  /** The third-party search with the built-in engine behind it, or null when the built-in engine answers alone. */
  search: FallbackSearch | null;
}

// Compressed copies of cached answers, computed once per answer and dropped with it (the cache holds the key).
const gzipped = new WeakMap<Buffer, Buffer>();
const acceptsGzip = (header: string | string[] | undefined) =>
  typeof header === 'string' && /\bgzip\b(?!\s*;\s*q=0(?:\.0*)?\s*(?:,|$))/.test(header);

/**
 * Sends already-serialised JSON (cached answers skip a second JSON.stringify). A cached answer (a Buffer) is
 * gzipped once and the compressed bytes reused, instead of compressing it again for every shopper.
 */
export function sendJson(reply: FastifyReply, json: string | Buffer) {
  reply.type('application/json; charset=utf-8');
  if (typeof json !== 'string' && json.length >= 1024 && acceptsGzip(reply.request.headers['accept-encoding'])) {
    let gz = gzipped.get(json);
    if (!gz) {
      gz = gzipSync(json, API_COMPRESSION.zlibOptions);
      gzipped.set(json, gz);
    }
    if (!reply.hasHeader('etag')) reply.header('etag', etagOf(json));
    return reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding').send(gz);
  }
  return reply.send(json);
}

/** The response envelope around a serialised data payload. */
export const okJson = (dataJson: string, message = 'Success') => `{"status":1,"message":${JSON.stringify(message)},"data":${dataJson}}`;

const OK_PREFIX = Buffer.from('{"status":1,"message":"Success","data":');
const OK_SUFFIX = Buffer.from('}');
/** okJson for a payload assembled from Buffer parts (cached hits), without turning them back into strings. */
export const okJsonParts = (parts: Buffer[]) => Buffer.concat([OK_PREFIX, ...parts, OK_SUFFIX]);

export const brandUrl = (slug: string) => `/brand/${slug}`;
export const categoryUrl = (slug: string) => `/product-category/${slug}`;

export function brandSummary(b: BrandRec): BrandSummary {
  return {
    id: b.id,
    name: b.name,
    slug: b.slug,
    url: brandUrl(b.slug),
    logo: brandImage(b.id),
    country: b.country,
    is_top: b.is_top,
    product_count: b.productCount,
  };
}

export function categorySummary(c: CategoryRec): CategorySummary {
  return {
    id: c.id,
    name: c.name,
    slug: c.slug,
    url: categoryUrl(c.slug),
    image: categoryImage(c.id),
    parent_id: c.parent_id,
    product_count: c.productCount,
  };
}

export const productImages = (v: VariantRec, views = 5): Image[] =>
  Array.from({ length: views }, (_, view) => ({
    src: productImage(v.id, view),
    width: 400,
    height: 400,
    alt: `${v.product.name}${view ? ` – view ${view + 1}` : ''}`,
  }));

/** The variant a product page opens on: the default one, else the first in stock, else the first. */
export function defaultVariant(p: ProductRec): VariantRec {
  return p.variants.find((v) => v.is_default) ?? p.variants.find((v) => v.stock > 0) ?? (p.variants[0] as VariantRec);
}

export const HOME_CRUMB: BreadcrumbItem = { value: 'Home', category_slug: 'home', redirect_url: '/' };
export const BRANDS_CRUMB: BreadcrumbItem = { value: 'Brands', category_slug: 'brands', redirect_url: '/brands' };

export const categoryCrumbs = (c: CategoryRec): BreadcrumbItem[] =>
  c.path.map((x) => ({ value: x.name, category_slug: x.slug, redirect_url: categoryUrl(x.slug) }));

/** A product's trail item: SPEC §2 links product entries to /product{redirect_url}. */
export const productCrumb = (v: VariantRec): BreadcrumbItem => ({
  value: v.product.name,
  category_slug: 'product',
  redirect_url: `/${v.product.slug}/?pId=${v.product.id}&vId=${v.id}`,
});

export function findProduct(store: CatalogueStore, productId: number): ProductRec {
  const p = store.snapshot.productsById.get(productId);
  if (!p) throw new NotFound('Product not found.');
  return p;
}

export function findBrand(store: CatalogueStore, q: { id?: number; slug?: string }): BrandRec {
  const s = store.snapshot;
  const b = q.id !== undefined ? s.brandsById.get(q.id) : q.slug ? s.brandsBySlug.get(q.slug) : undefined;
  if (!b) throw new NotFound('Brand not found.');
  return b;
}

export function findCategory(store: CatalogueStore, q: { id?: number; slug?: string }): CategoryRec {
  const s = store.snapshot;
  const c = q.id !== undefined ? s.categoriesById.get(q.id) : q.slug ? s.categoriesBySlug.get(q.slug) : undefined;
  if (!c) throw new NotFound('Category not found.');
  return c;
}

/** Products ordered by popularity (sales, then ratings), best first. */
export function popularProducts(store: CatalogueStore, filter: (p: ProductRec) => boolean, limit: number): ProductRec[] {
  const out: ProductRec[] = [];
  for (const p of store.derive('products-by-popularity', () =>
    [...store.snapshot.products].sort((a, b) => b.sales_count - a.sales_count || b.rating_count - a.rating_count || a.id - b.id),
  )) {
    if (filter(p)) out.push(p);
    if (out.length >= limit) break;
  }
  return out;
}

export const hitsOf = (products: ProductRec[]): ProductHit[] => products.map((p) => toHit(defaultVariant(p)));
