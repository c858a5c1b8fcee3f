import type { BreadcrumbItem } from './catalogue.ts';

// SPEC §2 breadcrumbs: where each item links, by its category_slug, the page it is shown on and the origin.

export interface BreadcrumbContext {
  /** The page the trail is shown on: 'brand', 'category', 'bestseller', 'product', 'review', or '{product}_brand'. */
  pageType: string;
  /** Where the shopper came from; 'brand' sends category slugs to brand pages. */
  origin?: string | null;
}

export interface BreadcrumbLink {
  label: string;
  /** null for the last item, which is plain text. */
  href: string | null;
}

/** The link of one breadcrumb item (ignoring the last-item rule). */
export function breadcrumbHref(item: BreadcrumbItem, ctx: BreadcrumbContext): string {
  const slug = item.category_slug;
  if (slug === 'home') return '/';
  if (slug === 'brand' || slug === 'brands') return '/brands';
  // Page type {product}_brand: every slug other than home, brand and brands goes to /{product}.
  const branded = /^(.+)_brand$/.exec(ctx.pageType);
  if (branded) return `/${branded[1]}`;
  if (slug === 'bestseller') return '/bestseller/sports-nutrition/';
  if (slug === 'review') return '#';
  if (slug === 'product') return `/product${item.redirect_url}`;
  if (slug === 'product_review') return item.redirect_url;
  if (ctx.pageType === 'bestseller') return `/bestseller/${slug}/`;
  if (ctx.pageType === 'brand' || ctx.origin === 'brand') return `/brand/${slug}`;
  return `/product-category/${slug}`;
}

/** The whole trail: every item linked by its rule, the last one plain text. */
export function breadcrumbLinks(items: readonly BreadcrumbItem[], ctx: BreadcrumbContext): BreadcrumbLink[] {
  return items.map((item, i) => ({ label: item.value, href: i === items.length - 1 ? null : breadcrumbHref(item, ctx) }));
}
