import { report } from '../../../../events/index.ts';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { usePageMeta } from '../../../ui/meta.tsx';
import { listItems } from '../events.ts';
import { useCachedResource as useResource } from '../../../api/cached-resource.ts';
import { preload, resource } from '../../../api/route-data.ts';
import { catalogueApi } from '../api.ts';
import { Breadcrumbs, HOME_CRUMB } from '../components/Breadcrumbs.tsx';
import * as css from '../components/catalogue.css.ts';
import { ProductList } from '../components/ProductList.tsx';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { buttonSecondary, visuallyHidden } from '../../../ui/theme/global.css.ts';

// /top-10: the ten most popular products, overall or in a top category (?category=slug, shareable).

/** The category of the address, when it is a slug at all (anything else shows the overall ten). */
function categoryOf(params: URLSearchParams): string | null {
  const raw = params.get('category');
  return raw && /^[a-z0-9][a-z0-9-]*$/.test(raw) ? raw : null;
}

/** The top ten, overall (null) or in a top category: this page's alone (docs/decisions/010: named once). */
const top10Resource = (slug: string | null) => resource(`top10:${slug ?? ''}`, (signal) => catalogueApi.top10(slug, { signal }));

/** The ten of the address's category, loaded by the server before it renders. Server-only (docs/decisions/010). */
export const loader = import.meta.env.SSR
  ? async ({ request, context }: { request: Request; context: unknown }): Promise<null> => {
      await preload(context, [top10Resource(categoryOf(new URL(request.url).searchParams))]);
      return null;
    }
  : undefined;

export default function Top10Page() {
  usePageMeta(null);
  const [params] = useSearchParams();
  const slug = categoryOf(params);
  const def = top10Resource(slug);
  const top = useResource(def.key, def.load);
  const d = top.data;
  const listName = `Top 10: ${d?.category?.name ?? 'all'}`;

  useEffect(() => {
    if (d?.products.length)
      report({ name: 'view_item_list', list_name: listName, listing: 'top10', items: listItems(d.products, listName) });
  }, [d, listName]);

  return (
    <div className={css.page}>
      <Breadcrumbs
        items={[HOME_CRUMB, { value: 'Top 10', category_slug: 'top-10', redirect_url: '/top-10/' }]}
        context={{ pageType: 'top10' }}
      />
      <h1 className={css.pageTitle}>Top 10 {d?.category ? d.category.name : 'products'}</h1>
      {d && (
        <nav aria-label="Top 10 by category">
          <ul className={css.tabs}>
            <li>
              <Link to="/top-10" className={slug ? css.chipPlain : css.chip} aria-current={slug ? undefined : 'page'}>
                All
              </Link>
            </li>
            {d.categories.map((c) => (
              <li key={c.id}>
                <Link
                  to={`/top-10?category=${c.slug}`}
                  className={slug === c.slug ? css.chip : css.chipPlain}
                  aria-current={slug === c.slug ? 'page' : undefined}
                >
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {top.loading && !d && <Skeleton height={400} radius={16} />}
      {top.error && !d && (
        <div className={css.empty} role="alert">
          <p style={{ margin: 0 }}>{top.error}</p>
          <button type="button" className={buttonSecondary} onClick={top.reload}>
            Try again
          </button>
        </div>
      )}
      {d && (
        <section aria-labelledby="top10-list">
          <h2 id="top10-list" className={visuallyHidden}>
            The ten most popular
          </h2>
          <ProductList hits={d.products} list={{ listName }} ranked eager={4} label={listName} />
        </section>
      )}
    </div>
  );
}
