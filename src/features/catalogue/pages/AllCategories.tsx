import { Link } from 'react-router-dom';
import type { CategoryNode } from '../../../../schemas/catalogue.ts';
import { usePageMeta } from '../../../ui/meta.tsx';
import { preload } from '../../../api/route-data.ts';
import { menuResource } from '../resources.ts';
import { useCachedResource as useResource } from '../../../api/cached-resource.ts';
import { Breadcrumbs, HOME_CRUMB } from '../components/Breadcrumbs.tsx';
import * as css from './AllCategories.css.ts';
import * as catalogueCss from '../components/catalogue.css.ts';
import { Img } from '../../../ui/Img.tsx';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { buttonSecondary } from '../../../ui/theme/global.css.ts';

// /all-categories: the whole category tree from the menu call, each top category as a card.

function Branch({ nodes }: { nodes: CategoryNode[] }) {
  if (nodes.length === 0) return null;
  return (
    <ul className={css.treeList}>
      {nodes.map((n) => (
        <li key={n.id}>
          <Link to={n.url}>
            {n.name} <span className={catalogueCss.muted}>&nbsp;({n.product_count})</span>
          </Link>
          <Branch nodes={n.children} />
        </li>
      ))}
    </ul>
  );
}

/** The category tree, loaded by the server before it renders. Server-only (docs/decisions/010): the browser's router runs no loaders. */
export const loader = import.meta.env.SSR
  ? async ({ context }: { context: unknown }): Promise<null> => {
      await preload(context, [menuResource()]);
      return null;
    }
  : undefined;

export default function AllCategoriesPage() {
  usePageMeta(null);
  const def = menuResource();
  const menu = useResource(def.key, def.load);
  return (
    <div className={catalogueCss.page}>
      <Breadcrumbs
        items={[HOME_CRUMB, { value: 'All Categories', category_slug: 'all-categories', redirect_url: '/all-categories' }]}
        context={{ pageType: 'category' }}
      />
      <h1 className={catalogueCss.pageTitle}>All categories</h1>
      {menu.loading && !menu.data && <Skeleton height={300} radius={16} />}
      {menu.error && !menu.data && (
        <div className={catalogueCss.empty} role="alert">
          <p style={{ margin: 0 }}>{menu.error}</p>
          <button type="button" className={buttonSecondary} onClick={menu.reload}>
            Try again
          </button>
        </div>
      )}
      {menu.data && (
        <ul className={css.tree}>
          {menu.data.categories.map((c, i) => (
            <li key={c.id} className={css.treeCard}>
              <Link
                to={c.url}
                className={catalogueCss.tile}
                style={{ gridTemplateColumns: '64px 1fr', alignItems: 'center', textAlign: 'left' }}
              >
                <Img src={c.image} alt="" width={64} height={64} eager={i < 3} />
                <span style={{ fontSize: 18 }}>
                  {c.name}{' '}
                  <span className={catalogueCss.muted} style={{ fontWeight: 400, fontSize: 14 }}>
                    ({c.product_count})
                  </span>
                </span>
              </Link>
              <Branch nodes={c.children} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
