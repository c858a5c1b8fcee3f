import { productUrl, type Suggestions } from '../../schemas/catalogue.ts';
import { productImage } from '../../schemas/images.ts';
import type { SearchProvider } from './provider.ts';
import type { CatalogueStore } from './store.ts';
import { matchNames } from './suggest.ts';

// The built-in engine (engine.ts) as a search provider: the default, and what answers when another provider fails
// (docs/decisions/026). The routes keep their answer caches for it (server/modules/catalogue/listing.ts).

export function builtinSuggestions(store: CatalogueStore, q: string): Suggestions {
  const query = q.trim();
  if (!query) return { query, products: [], brands: [], categories: [] };
  const out = store.index.search({ q: query, sortby: 'relevance', page: 1, perPage: 6, filters: {} });
  return {
    query,
    products: out.partial
      ? []
      : out.hits.map((v) => ({
          pid: v.product.id,
          vid: v.id,
          name: v.product.name,
          url: productUrl(v.product.slug, v.product.id, v.id),
          thumbnail_image: productImage(v.id),
          sale_price: v.sale_price,
        })),
    brands: matchNames(store.snapshot.brands, query, 4).map((b) => ({ id: b.id, name: b.name, slug: b.slug, url: `/brand/${b.slug}` })),
    categories: matchNames(store.snapshot.categories, query, 4).map((c) => ({
      id: c.id,
      name: c.name,
      slug: c.slug,
      url: `/product-category/${c.slug}`,
    })),
  };
}

export const builtinProvider: SearchProvider = {
  name: 'builtin',
  search: async (store, query) => store.index.search(query),
  suggest: async (store, q) => builtinSuggestions(store, q),
};
