import type { FastifyInstance } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import { ok } from '../../http/envelope.ts';
import { FilteredBrandListRequest, type MenuList, MenuResponse, BrandListResponse } from '../../../schemas/catalogue.ts';
import { brandSummary, type CatalogueContext, okJson, sendJson, MENU_LINKS, treeOf } from '../../modules/catalogue/index.ts';

// Brands, categories and the menu (SPEC §7 catalogue calls).

export async function brandRoutes(root: FastifyInstance, { store }: CatalogueContext) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  app.get(
    '/api/product-brand/top-brand-list',
    { schema: { response: { 200: BrandListResponse }, summary: 'Top brands for the brands page', operationId: 'listProductTopBrands' } },
    async () => {
      await store.ready();
      return ok(store.snapshot.brands.filter((b) => b.is_top).map(brandSummary));
    },
  );

  app.get(
    '/api/product-brand/filtered-brand-list',
    {
      schema: {
        summary: 'Brands filtered by letter or category',
        operationId: 'listFilteredBrands',
        querystring: FilteredBrandListRequest,
        response: { 200: BrandListResponse },
      },
    },
    async (req) => {
      const { q, letter, category } = req.query;
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
      return ok(brands.map(brandSummary));
    },
  );

  app.get(
    '/api/menu/menu-list',
    { schema: { response: { 200: MenuResponse }, summary: 'The navigation menu: categories and brands', operationId: 'getMenu' } },
    async (_req, reply) => {
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
    },
  );
}
