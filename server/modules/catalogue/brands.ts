import type { FastifyInstance } from 'fastify';
import { type CategoryNode, FilteredBrandListRequest, type MenuList } from '../../../schemas/catalogue.ts';
import { parse } from '../../http/validate.ts';
import type { CategoryRec } from '../../search/index.ts';
import { brandSummary, type CatalogueContext, categorySummary, okJson, sendJson } from './context.ts';

// /api/product-brand/* and the menu.

const MENU_LINKS = [
  { label: 'Offers', url: '/offers-coupons/' },
  { label: 'All Brands', url: '/brands' },
  { label: 'All Categories', url: '/all-categories' },
  { label: 'Shop', url: '/shop' },
  { label: 'Bestsellers', url: '/bestseller/sports-nutrition/' },
  { label: 'Top 10', url: '/top-10/' },
];

const treeOf = (c: CategoryRec): CategoryNode => ({ ...categorySummary(c), children: c.children.map(treeOf) });

export async function brandRoutes(app: FastifyInstance, { store }: CatalogueContext) {
  app.get('/api/product-brand/top-brand-list', async () => {
    await store.ready();
    return { status: 1, message: 'Success', data: store.snapshot.brands.filter((b) => b.is_top).map(brandSummary) };
  });

  app.get('/api/product-brand/filtered-brand-list', { schema: { querystring: FilteredBrandListRequest } }, async (req) => {
    const { q, letter, category } = parse(FilteredBrandListRequest, req.query);
    await store.ready();
    const snap = store.snapshot;
    const cat = category ? snap.categoriesBySlug.get(category) : undefined;
    const inCategory = cat
      ? new Set(snap.products.filter((p) => cat.subtree.includes(p.category.id)).map((p) => p.brand.id))
      : category
        ? new Set<number>()
        : null;
    const needle = q.toLowerCase();
    const brands = snap.brands.filter((b) => {
      const first = b.name.charAt(0).toUpperCase();
      if (letter && (letter === '#' ? /[A-Z]/.test(first) : first !== letter.toUpperCase())) return false;
      if (needle && !b.name.toLowerCase().includes(needle)) return false;
      return !inCategory || inCategory.has(b.id);
    });
    return { status: 1, message: 'Success', data: brands.map(brandSummary) };
  });

  app.get('/api/menu/menu-list', async (_req, reply) => {
    await store.ready();
    const json = store.derive('menu', () => {
      const menu: MenuList = {
        categories: store.snapshot.categories.filter((c) => c.parent_id === null).map(treeOf),
        brands: store.snapshot.brands.filter((b) => b.is_top).map(brandSummary),
        links: MENU_LINKS,
      };
      return okJson(JSON.stringify(menu));
    });
    return sendJson(reply, json);
  });
}
