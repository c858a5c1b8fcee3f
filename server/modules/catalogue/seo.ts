import { type PageMeta, STORE_NAME } from '../../../schemas/content.ts';
import { formatPaise } from '../../../schemas/money.ts';
import type { MetaResolver, PageAddressCheck } from '../../html.ts';
import type { CatalogueStore, ProductRec, VariantRec } from '../../search/index.ts';
import type { Content, ContentCache } from './content-cache.ts';
import { saleOf } from './offers.ts';
import { productImage } from '../../../schemas/images.ts';
import { productUrl } from '../../../schemas/catalogue-rules.ts';

// Real titles and descriptions for product, brand, category and bestseller pages: in the server HTML (a meta
// resolver) and through GET /api/seo/page-seo-meta for the app's navigation.

const sentence = (text: string, max = 160) => {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 40))}…`;
};

export function catalogueMeta(
  store: CatalogueStore,
  pathname: string,
  query: URLSearchParams,
  origin = '',
  content?: Content,
): PageMeta | null {
  const snap = store.snapshot;
  const sale = /^\/sale\/([^/]+)\/?$/.exec(pathname);
  if (sale) {
    const found = content ? saleOfSlug(store, content, sale[1] as string) : null;
    if (!found) return null;
    return {
      title: `${found.title} – authentic supplements at sale prices | ${STORE_NAME}`,
      description: sentence(
        `${found.title} on ${STORE_NAME}: blockbuster offers, budget buys and deals on favourite brands, all 100% authentic.`,
      ),
    };
  }
  const product = /^\/product\/([^/]+)\/?$/.exec(pathname);
  if (product) {
    const pid = Number(query.get('pId'));
    const p = (Number.isInteger(pid) && pid > 0 ? snap.productsById.get(pid) : undefined) ?? snap.productsBySlug.get(product[1] as string);
    if (!p) return null;
    const vid = Number(query.get('vId'));
    const v = p.variants.find((x) => x.id === vid) ?? p.variants[0];
    const price = v ? ` at ${formatPaise(v.sale_price)}` : '';
    return {
      title: `${p.name} | ${STORE_NAME}`,
      description: sentence(
        `Buy ${p.name} online in India${price}. 100% authentic ${p.brand.name}, with authenticity certificate. ${p.description}`,
      ),
      jsonLd: productJsonLd(p, v, origin),
    };
  }
  const brand = /^\/brand\/([^/]+)\/?$/.exec(pathname);
  if (brand) {
    const b = snap.brandsBySlug.get(brand[1] as string);
    if (!b) return null;
    return {
      title: `${b.name} Supplements | ${STORE_NAME}`,
      description: sentence(`Shop authentic ${b.name} products online in India. ${b.description}`),
    };
  }
  const category = /^\/product-category\/([^/]+)\/?$/.exec(pathname);
  if (category) {
    const c = snap.categoriesBySlug.get(category[1] as string);
    if (!c) return null;
    return {
      title: `${c.name} | Buy ${c.name} Online in India | ${STORE_NAME}`,
      description: sentence(
        `Buy 100% authentic ${c.name.toLowerCase()} online in India from top brands, sourced directly from brands and importers.`,
      ),
    };
  }
  const best = /^\/bestseller\/([^/]+)\/?$/.exec(pathname);
  if (best) {
    const c = snap.categoriesBySlug.get(best[1] as string);
    if (!c) return null;
    return {
      title: `Bestsellers in ${c.name} | ${STORE_NAME}`,
      description: sentence(`The ${c.name.toLowerCase()} products shoppers buy most on ${STORE_NAME}.`),
    };
  }
  return null;
}

function saleOfSlug(store: CatalogueStore, content: Content, slug: string) {
  try {
    return saleOf(store, content, decodeURIComponent(slug));
  } catch {
    return null;
  }
}

export function catalogueMetaResolver(store: CatalogueStore, cache: ContentCache): MetaResolver {
  return async (pathname, query, origin) => {
    await store.ready();
    const content = pathname.startsWith('/sale/') ? await cache.get() : undefined;
    return catalogueMeta(store, pathname, query, origin, content);
  };
}

/** schema.org Product (price in rupees, INR, stock, rating) and its BreadcrumbList, for rich results. */
function productJsonLd(p: ProductRec, v: VariantRec | undefined, origin: string): Array<Record<string, unknown>> {
  const url = `${origin}/product/${p.slug}/?pId=${p.id}${v ? `&vId=${v.id}` : ''}`;
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
            price: (v.sale_price / 100).toFixed(2),
            availability: v.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
            itemCondition: 'https://schema.org/NewCondition',
          },
        }
      : {}),
    ...(p.rating_count > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: p.rating.toFixed(1), reviewCount: p.rating_count } }
      : {}),
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

const decoded = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

/**
 * One address per catalogue page (canonical links, SPEC §2): a product named by its id under another slug, or by
 * its slug alone, moves (301) to `/product/{slug}/?pId=` with the rest of its query; a brand or category slug in
 * another case moves to its own; an address naming no product, brand or category is a 404.
 */
export function canonicalAddress(
  store: CatalogueStore,
  pathname: string,
  query: URLSearchParams,
): { redirect: string } | { notFound: true } | null {
  const snap = store.snapshot;
  const product = /^\/product\/([^/]+)\/?$/.exec(pathname);
  if (product) {
    const given = query.get('pId');
    const pid = Number(given);
    const p =
      given && Number.isInteger(pid) && pid > 0 ? snap.productsById.get(pid) : snap.productsBySlug.get(decoded(product[1] as string) ?? '');
    if (!p) return { notFound: true };
    const path = productUrl(p.slug, p.id).split('?', 1)[0] as string;
    if (given === String(p.id) && pathname === path) return null;
    const rest = new URLSearchParams(query);
    rest.delete('pId');
    const tail = rest.toString();
    return { redirect: `${productUrl(p.slug, p.id)}${tail ? `&${tail}` : ''}` };
  }
  const listing = /^\/(brand|product-category|bestseller)\/([^/]+)(\/?)$/.exec(pathname);
  if (listing) {
    const [, kind, segment, slash] = listing as unknown as [string, string, string, string];
    const slug = decoded(segment);
    const bySlug = kind === 'brand' ? snap.brandsBySlug : snap.categoriesBySlug;
    if (slug !== null && bySlug.has(slug)) return null;
    const found = slug === null ? undefined : bySlug.get(slug.toLowerCase().trim());
    if (!found) return { notFound: true };
    return { redirect: `/${kind}/${encodeURIComponent(found.slug)}${slash}${query.size ? `?${query}` : ''}` };
  }
  return null;
}

export function catalogueAddressCheck(store: CatalogueStore): PageAddressCheck {
  return async (pathname, query) => {
    await store.ready();
    return canonicalAddress(store, pathname, query);
  };
}
