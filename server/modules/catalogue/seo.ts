import { type PageMeta, type RouteMetaName, STORE_NAME } from '../../../schemas/content.ts';
import { decimalRupees, formatPaise } from '../../../schemas/money.ts';
import type { MetaResolver, PageAddress, PageAddressCheck } from '../../html.ts';
import type { CatalogueStore, ProductRec, VariantRec } from '../../search/index.ts';
import type { Content, ContentCache } from './content-cache.ts';
import { saleOf } from './offers.ts';
import { productImage } from '../../../schemas/images.ts';
import type { ProductDeclarations } from '../../../schemas/declarations.ts';
import type { Db } from '../../db/database.ts';
import { productDeclarations } from './declarations.ts';

// Real titles and descriptions for product, brand, category and bestseller pages: in the server HTML (a meta
// resolver) and through GET /api/seo/page-seo-meta for the app's navigation.

const sentence = (text: string, max = 160) => {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 40))}…`;
};

/**
 * The slug of a page of `kind` (its static meta's name in the route table: `product`, `brand`, …), or null for any
 * other page. The table says which page an address is and where its slug is (server/html.ts PageAddress).
 */
function slugOf({ facts }: PageAddress, ...kinds: RouteMetaName[]): string | null {
  return kinds.includes(facts.meta) ? (facts.route?.params.slug ?? null) : null;
}

/**
 * The page's address with its slug replaced (encoded), from the route's own pattern: a canonical address is the
 * table's, ending in a slash when `slash`.
 */
function addressWith({ facts }: PageAddress, slug: string, slash: boolean): string {
  const path = (facts.route?.pattern ?? '').replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(name === 'slug' ? slug : (facts.route?.params[name] ?? '')),
  );
  return `${path.replace(/\/$/, '')}${slash ? '/' : ''}`;
}

/** The product a product page's address names (its pId, else its slug), if it is shown. */
function productOfPage(store: CatalogueStore, page: PageAddress, slug: string): ProductRec | undefined {
  const snap = store.snapshot;
  const pid = Number(page.query.get('pId'));
  return (Number.isInteger(pid) && pid > 0 ? snap.productsById.get(pid) : undefined) ?? snap.productsBySlug.get(slug);
}

export function catalogueMeta(
  store: CatalogueStore,
  page: PageAddress,
  origin = '',
  content?: Content,
  declarations?: ProductDeclarations | null,
): PageMeta | null {
  const snap = store.snapshot;
  const { facts, query } = page;
  const slug = slugOf(page, 'sale', 'product', 'brand', 'category', 'bestsellers');
  if (slug === null) return null;
  switch (facts.meta) {
    case 'sale': {
      const found = content ? saleOfSlug(store, content, slug) : null;
      if (!found) return null;
      return {
        title: `${found.title} – authentic supplements at sale prices | ${STORE_NAME}`,
        description: sentence(
          `${found.title} on ${STORE_NAME}: blockbuster offers, budget buys and deals on favourite brands, all 100% authentic.`,
        ),
      };
    }
    case 'product': {
      const p = productOfPage(store, page, slug);
      if (!p) return null;
      const vid = Number(query.get('vId'));
      const v = p.variants.find((x) => x.id === vid) ?? p.variants[0];
      const price = v ? ` at ${formatPaise(v.sale_price)}` : '';
      return {
        title: `${p.name} | ${STORE_NAME}`,
        description: sentence(
          `Buy ${p.name} online in India${price}. 100% authentic ${p.brand.name}, with authenticity certificate. ${p.description}`,
        ),
        jsonLd: productJsonLd(p, v, origin, addressWith(page, p.slug, true), declarations ?? null),
      };
    }
    case 'brand': {
      const b = snap.brandsBySlug.get(slug);
      if (!b) return null;
      return {
        title: `${b.name} Supplements | ${STORE_NAME}`,
        description: sentence(`Shop authentic ${b.name} products online in India. ${b.description}`),
      };
    }
    case 'category': {
      const c = snap.categoriesBySlug.get(slug);
      if (!c) return null;
      return {
        title: `${c.name} | Buy ${c.name} Online in India | ${STORE_NAME}`,
        description: sentence(
          `Buy 100% authentic ${c.name.toLowerCase()} online in India from top brands, sourced directly from brands and importers.`,
        ),
      };
    }
    case 'bestsellers': {
      const c = snap.categoriesBySlug.get(slug);
      if (!c) return null;
      return {
        title: `Bestsellers in ${c.name} | ${STORE_NAME}`,
        description: sentence(`The ${c.name.toLowerCase()} products shoppers buy most on ${STORE_NAME}.`),
      };
    }
    default:
      return null;
  }
}

function saleOfSlug(store: CatalogueStore, content: Content, slug: string) {
  try {
    return saleOf(store, content, slug);
  } catch {
    return null;
  }
}

export function catalogueMetaResolver(store: CatalogueStore, cache: ContentCache, db: Db): MetaResolver {
  return async (page, origin) => {
    await store.ready();
    const content = page.facts.meta === 'sale' ? await cache.get() : undefined;
    // A product page's JSON-LD carries its label declarations (docs/product-declarations.md).
    const slug = slugOf(page, 'product');
    const p = slug === null ? undefined : productOfPage(store, page, slug);
    const declarations = p ? await productDeclarations(db, p) : null;
    return catalogueMeta(store, page, origin, content, declarations);
  };
}

/**
 * schema.org Product (price in rupees, INR, stock, rating) and its BreadcrumbList, for rich results; `path` is the
 * product page's own, without its query.
 */
function productJsonLd(
  p: ProductRec,
  v: VariantRec | undefined,
  origin: string,
  path: string,
  declarations: ProductDeclarations | null,
): Array<Record<string, unknown>> {
  const url = `${origin}${path}?pId=${p.id}${v ? `&vId=${v.id}` : ''}`;
  const product: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    sku: v?.sku ?? p.parent_sku,
    brand: { '@type': 'Brand', name: p.brand.name },
    category: p.category.name,
    description: p.description,
    ...(v ? { image: `${origin}${productImage(v.id)}` } : {}),
    ...(v
      ? {
          offers: {
            '@type': 'Offer',
            url,
            priceCurrency: 'INR',
            price: decimalRupees(v.sale_price),
            availability: v.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
            itemCondition: 'https://schema.org/NewCondition',
          },
        }
      : {}),
    ...(p.rating_count > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: p.rating.toFixed(1), reviewCount: p.rating_count } }
      : {}),
    ...(declarations ? declarationsJsonLd(declarations, v?.id) : {}),
  };
  const trail = [
    { name: 'Home', item: `${origin}/` },
    ...p.category.path.map((c) => ({ name: c.name, item: `${origin}/product-category/${c.slug}` })),
    { name: p.name, item: url },
  ];
  const breadcrumbs = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((t, i) => ({ '@type': 'ListItem', position: i + 1, name: t.name, item: t.item })),
  };
  return [product, breadcrumbs];
}

const grams = (n: number) => `${n} g`;
const milligrams = (n: number) => `${n} mg`;

/**
 * The schema.org fields the label's declarations fill (docs/product-declarations.md): manufacturer, countryOfOrigin,
 * nutrition per serving (NutritionInformation), the pack's weight, and suitableForDiet where the mark is green.
 * schema.org has no field for the FSSAI licence, the importer or customer care; the page shows those.
 */
function declarationsJsonLd(d: ProductDeclarations, variantId: number | undefined): Record<string, unknown> {
  const n = d.nutrition.per_serving;
  const pack = d.variants.find((x) => x.variant_id === variantId) ?? d.variants[0];
  const mass = pack?.base_quantity.unit === 'g';
  return {
    manufacturer: { '@type': 'Organization', name: d.manufacturer.name, address: d.manufacturer.address },
    countryOfOrigin: { '@type': 'Country', name: d.country_of_origin },
    nutrition: {
      '@type': 'NutritionInformation',
      servingSize: d.serving_size,
      calories: `${n.energy_kcal} kcal`,
      proteinContent: grams(n.protein_g),
      carbohydrateContent: grams(n.carbohydrate_g),
      sugarContent: grams(n.sugars_g),
      fatContent: grams(n.fat_g),
      saturatedFatContent: grams(n.saturated_fat_g),
      transFatContent: grams(n.trans_fat_g),
      cholesterolContent: milligrams(n.cholesterol_mg),
      sodiumContent: milligrams(n.sodium_mg),
    },
    ...(pack && mass
      ? {
          weight: {
            '@type': 'QuantitativeValue',
            value: pack.base_quantity.amount,
            unitCode: 'GRM',
            unitText: 'g',
          },
        }
      : {}),
    ...(pack ? { size: pack.net_quantity_label } : {}),
    ...(d.food_type === 'veg' ? { suitableForDiet: 'https://schema.org/VegetarianDiet' } : {}),
  };
}

/**
 * One address per catalogue page (docs/decisions/013): a product named by its id under another slug, or by
 * its slug alone, moves (301) to its own slug with `?pId=` and the rest of its query; a brand or category slug in
 * another case moves to its own; an address naming no product, brand or category is a 404. The addresses are the
 * route table's (the matched route's pattern), never spelt here.
 */
export function canonicalAddress(store: CatalogueStore, page: PageAddress): { redirect: string } | { notFound: true } | null {
  const snap = store.snapshot;
  const { pathname, query } = page;
  const product = slugOf(page, 'product');
  if (product !== null) {
    const given = query.get('pId');
    const pid = Number(given);
    const p = given && Number.isInteger(pid) && pid > 0 ? snap.productsById.get(pid) : snap.productsBySlug.get(product);
    if (!p) return { notFound: true };
    const path = addressWith(page, p.slug, true);
    if (given === String(p.id) && pathname === path) return null;
    const rest = new URLSearchParams(query);
    rest.delete('pId');
    const tail = rest.toString();
    return { redirect: `${path}?pId=${p.id}${tail ? `&${tail}` : ''}` };
  }
  const slug = slugOf(page, 'brand', 'category', 'bestsellers');
  if (slug !== null) {
    const bySlug = page.facts.meta === 'brand' ? snap.brandsBySlug : snap.categoriesBySlug;
    if (bySlug.has(slug)) return null;
    const found = bySlug.get(slug.toLowerCase().trim());
    if (!found) return { notFound: true };
    return { redirect: `${addressWith(page, found.slug, pathname.endsWith('/'))}${query.size ? `?${query}` : ''}` };
  }
  return null;
}

export function catalogueAddressCheck(store: CatalogueStore): PageAddressCheck {
  return async (page) => {
    await store.ready();
    return canonicalAddress(store, page);
  };
}
