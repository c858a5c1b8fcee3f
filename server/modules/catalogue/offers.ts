import type { FastifyRequest } from 'fastify';
import { percentOff } from '../../../schemas/money.ts';
import { type HomeSections, PREVIEW_AUTHORIZATION, type ProductHit } from '../../../schemas/catalogue.ts';
import type { Db } from '../../db/database.ts';
import { Forbidden, NotFound } from '../../http/errors.ts';
import { isOps } from '../../http/ops.ts';
import type { CatalogueStore, ProductRec } from '../../search/index.ts';
import { toHit } from '../../search/index.ts';
import { brandSummary, categorySummary, defaultVariant, hitsOf, popularProducts } from './context.ts';
import { type Content, isLive, type SalePageRec, type SaleSectionKey } from './content-cache.ts';
import { leadItems, promotionsOf } from './promotions.ts';
import { isStaff } from './queries.ts';

// Offers (/api/offers/*), the sale manager (/api/sale/*) and the home page (/api/home/*), built from the
// offers table (by kind) and the catalogue in memory.

/** The operations token of a preview call: its authorization header already carries the preview value. */
export const PREVIEW_OPS_HEADER = 'x-ops-token';

/**
 * SPEC §6: preview calls carry the fixed preview authorization header; without it they are refused. That value
 * is public (it is in the specification), so it never suffices alone, whatever NODE_ENV says: the call also
 * needs the operations token (sent as `x-ops-token`), a console staff session, or a signed-in customer marked
 * staff (docs/decisions/009-staff-preview-authorisation.md).
 */
export async function requirePreview(db: Db, req: FastifyRequest): Promise<void> {
  if (req.headers.authorization !== PREVIEW_AUTHORIZATION) throw new Forbidden('Preview is for Kasrat staff only.');
  const token = req.headers[PREVIEW_OPS_HEADER];
  if (typeof token === 'string' && isOps({ headers: { authorization: `Bearer ${token}` } } as FastifyRequest)) return;
  // The staff module reads a console session for every preview call (server/modules/staff/index.ts).
  if (req.staff) return;
  const session = await req.getSession();
  if (session?.customerId && (await isStaff(db, session.customerId))) return;
  throw new Forbidden('Preview is for Kasrat staff only: sign in with a staff account.');
}

const bestDiscount = (p: ProductRec) => Math.max(...p.variants.map((v) => percentOff(v.mrp, v.sale_price)));

/** Products with the deepest discounts (optionally only those passing `filter`), deepest first. */
export function discounted(store: CatalogueStore, filter: (p: ProductRec) => boolean, minDiscount: number, limit: number): ProductHit[] {
  const ranked = store.derive('products-by-discount', () =>
    store.snapshot.products
      .map((p) => ({ p, d: bestDiscount(p) }))
      .sort((a, b) => b.d - a.d || b.p.sales_count - a.p.sales_count || a.p.id - b.p.id),
  );
  const out: ProductHit[] = [];
  for (const { p, d } of ranked) {
    if (d < minDiscount) break;
    if (!filter(p)) continue;
    // The card shows the variant with the deepest discount.
    const v = [...p.variants].sort((a, b) => percentOff(b.mrp, b.sale_price) - percentOff(a.mrp, a.sale_price))[0] ?? defaultVariant(p);
    out.push(toHit(v));
    if (out.length >= limit) break;
  }
  return out;
}

/**
 * The deal of the week never features a product a shopper cannot buy: an offer whose product's card (its default
 * variant, what the card shows and adds to the cart) is out of stock is left out while it stays so.
 */
export function dealOfWeekInStock(store: CatalogueStore, o: { kind: string; product_id: number | null }): boolean {
  if (o.kind !== 'deal_of_week' || o.product_id === null) return false;
  const product = store.snapshot.productsById.get(o.product_id);
  return product !== undefined && defaultVariant(product).stock > 0;
}

export function homeSections(store: CatalogueStore, content: Content, preview = false): HomeSections {
  const o = { preview };
  const kind = (k: string) => (x: { kind: string }) => x.kind === k;
  return {
    top_categories: promotionsOf(store, content, kind('top_category'), 'landing_top_category', o),
    mini_banners: promotionsOf(store, content, kind('mini_banner'), 'homepage_mini_banner', o),
    authenticity_banner: promotionsOf(store, content, kind('authenticity_banner'), 'authenticity_banner', o),
    top_brands: promotionsOf(store, content, kind('top_brand'), 'top_brands', o),
    categories: store.snapshot.categories
      .filter((c) => c.is_top)
      .map((c) => ({ ...categorySummary(c), items: leadItems(store, { categoryId: c.id }) })),
    new_brand_launches: promotionsOf(store, content, kind('new_launch'), 'new_brand_launches', o),
    banner_web: promotionsOf(store, content, kind('banner_web'), 'banner_web', o),
    banner_mobile: promotionsOf(store, content, kind('banner_mobile'), 'banner_mobile', o),
    carousel_web: promotionsOf(store, content, kind('carousel_web'), 'carousel_web', o),
    carousel_mobile: promotionsOf(store, content, kind('carousel_mobile'), 'carousel_mobile', o),
    deal_of_week: promotionsOf(store, content, (x) => dealOfWeekInStock(store, x), 'deal_of_the_week', o),
    budget_buys: promotionsOf(store, content, kind('budget_buy'), 'budget_buys', o),
    bestsellers: hitsOf(popularProducts(store, (p) => p.is_bestseller, 8)),
  };
}

export function offersPage(store: CatalogueStore, content: Content, preview = false) {
  const o = { preview };
  const kind =
    (...k: string[]) =>
    (x: { kind: string }) =>
      k.includes(x.kind);
  const now = Date.now();
  return {
    banners: promotionsOf(store, content, kind('banner_web', 'banner_mobile'), 'offers_page_banner', o),
    carousel: promotionsOf(store, content, kind('carousel_web', 'carousel_mobile'), 'offers_page_carousel', o),
    coupons: content.coupons.filter((c) => c.active && isLive(c, now)).map((c) => ({ code: c.code, details: c.description })),
    bank_offers: content.bankOffers.filter((b) => isLive(b, now)),
    limited: promotionsOf(store, content, kind('limited'), 'limited_offer', o),
    partner: promotionsOf(store, content, kind('partner'), 'partner_offer', o),
    clearance: promotionsOf(store, content, kind('clearance'), 'clearance_offer', o),
    brand_of_week: promotionsOf(store, content, kind('brand_of_week'), 'brand_of_week', o),
    budget_buys: promotionsOf(store, content, kind('budget_buy'), 'budget_buys', o),
    freebies: freebieOffers(store, content),
  };
}

export function freebieOffers(store: CatalogueStore, content: Content) {
  return content.freebies
    .filter((f) => f.active)
    .map((f) => {
      const v = store.snapshot.variantsById.get(f.variant_id);
      return { id: f.id, title: f.title, threshold: f.threshold, product: v ? toHit(v) : null };
    });
}

/** Whether a sale page is open to shoppers now: published, and inside its dates (a missing date is no limit). */
export const saleIsLive = (page: SalePageRec, now = Date.now()) =>
  page.is_published && (page.starts_at === null || page.starts_at <= now) && (page.ends_at === null || now <= page.ends_at);

/**
 * Sale pages by slug: a page marketing keeps in the console (sale_pages; shown to shoppers while published and
 * in its dates, to staff previewing always), or a sale on any category. A page whose slug is a category's covers
 * that category only.
 */
export function saleOf(
  store: CatalogueStore,
  content: Content,
  slug: string,
  preview = false,
): { title: string; minDiscount: number; categoryIds: number[] | null; page: SalePageRec | null } {
  const c = store.snapshot.categoriesBySlug.get(slug);
  const page = content.salePages.get(slug);
  if (page) {
    if (!preview && !saleIsLive(page)) throw new NotFound('Sale not found.');
    return { title: page.title, minDiscount: page.min_discount, categoryIds: c ? c.subtree : null, page };
  }
  if (!c) throw new NotFound('Sale not found.');
  return { title: `${c.name} Sale`, minDiscount: 1, categoryIds: c.subtree, page: null };
}

/** A section of a sale page: hidden, the products marketing picked (in their order), or what `fill` finds. */
function saleSection(store: CatalogueStore, page: SalePageRec | null, key: SaleSectionKey, fill: () => ProductHit[]): ProductHit[] {
  const section = page?.sections.find((s) => s.section === key);
  if (section?.is_hidden) return [];
  if (!section?.product_ids.length) return fill();
  return section.product_ids.flatMap((id) => {
    const p = store.snapshot.productsById.get(id);
    return p ? [toHit(defaultVariant(p))] : [];
  });
}

export function salePage(store: CatalogueStore, content: Content, slug: string, preview = false) {
  const sale = saleOf(store, content, slug, preview);
  const o = { preview };
  const inSale = (p: ProductRec) => !sale.categoryIds || sale.categoryIds.includes(p.category.id);
  const section = (key: SaleSectionKey, fill: () => ProductHit[]) => saleSection(store, sale.page, key, fill);
  return {
    slug,
    title: sale.title,
    partner_brand_offers: promotionsOf(
      store,
      content,
      (x) => x.kind === 'partner' || x.kind === 'top_brand',
      'sale_partner_brand_offers',
      o,
    ),
    banner_1: promotionsOf(store, content, (x) => x.kind === 'banner_web' || x.kind === 'banner_mobile', 'sale_banner_1', o),
    budget_buys: promotionsOf(store, content, (x) => x.kind === 'budget_buy', 'sale_budget_buys', o),
    deals_on_favourites: section('deals_on_favourites', () => discounted(store, (p) => p.is_bestseller && inSale(p), sale.minDiscount, 12)),
    // SPEC §9: sale page events fill up to 5 from blockbuster offers, then category products.
    blockbuster: section('blockbuster', () => discounted(store, inSale, Math.max(sale.minDiscount, 25), 5)),
    category_products: section('category_products', () => discounted(store, inSale, sale.minDiscount, 24)),
    section_order: sale.page?.sections.length
      ? [...sale.page.sections].sort((a, b) => a.position - b.position).map((s) => s.section)
      : (['blockbuster', 'deals_on_favourites', 'category_products'] as SaleSectionKey[]),
  };
}

export function brandsOnOffer(store: CatalogueStore) {
  return store.snapshot.brands
    .map((b) => ({
      ...brandSummary(b),
      max_percent_off: Math.max(0, ...store.snapshot.products.filter((p) => p.brand === b).map(bestDiscount)),
    }))
    .filter((b) => b.max_percent_off > 0)
    .sort((a, b) => b.max_percent_off - a.max_percent_off || a.name.localeCompare(b.name));
}
