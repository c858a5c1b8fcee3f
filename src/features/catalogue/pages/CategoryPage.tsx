import { useParams } from 'react-router-dom';
import type { BreadcrumbItem } from '../../../../schemas/catalogue.ts';
import { useCatalogueMeta } from '../hooks.ts';
import { preload } from '../../../api/route-data.ts';
import { seoResource } from '../resources.ts';
import { categoryDetailResource, listingResource } from '../listing-resources.ts';
import { useCachedResource as useResource } from '../../../api/cached-resource.ts';
import { Breadcrumbs, HOME_CRUMB } from '../components/Breadcrumbs.tsx';
import * as css from '../components/catalogue.css.ts';
import { ListingHeader } from '../components/ListingHeader.tsx';
import { ListingView } from '../components/ListingView.tsx';
import { Banners } from '../components/Promotions.tsx';
import { useMediaQuery } from '../../../ui/useMediaQuery.ts';

// /product-category/{slug}: the category's banner (web or mobile by breakpoint), its sub-categories, then its
// products with filters.

/**
 * The category, its title and the page of its products the address asks for, loaded by the server before it
 * renders. Server-only (docs/decisions/010): the browser's router runs no loaders.
 */
export const loader = import.meta.env.SSR
  ? async ({ params, request, context }: { params: { slug?: string }; request: Request; context: unknown }): Promise<null> => {
      const slug = params.slug ?? '';
      const search = new URL(request.url).searchParams;
      await preload(context, [
        seoResource(`/product-category/${slug}`),
        categoryDetailResource(slug),
        listingResource('category', { slug }, search),
      ]);
      return null;
    }
  : undefined;

export default function CategoryPage() {
  const { slug = '' } = useParams();
  useCatalogueMeta(`/product-category/${slug}`);
  const desktop = useMediaQuery();
  const def = categoryDetailResource(slug);
  const detail = useResource(def.key, def.load);
  const d = detail.data;
  const crumbs: BreadcrumbItem[] = d?.breadcrumbs ?? [HOME_CRUMB];
  const banners = (d?.banners ?? []).filter((b) => (desktop ? /_web$/ : /_mobile$/).test(b.kind)).slice(0, 1);

  return (
    <div className={css.page}>
      <Breadcrumbs items={crumbs} context={{ pageType: 'category' }} />
      <ListingHeader
        title={d ? d.category.name : null}
        skeletonWidth="40%"
        navLabel={d ? `${d.category.name} categories` : 'Categories'}
        links={(d?.children ?? []).map((c) => ({ id: c.id, name: c.name, to: c.url }))}
      />
      <Banners items={banners} section="category_page_banner" eager />
      <ListingView
        endpoint="category"
        base={{ slug }}
        listName={d ? `Category: ${d.category.name}` : `Category: ${slug}`}
        listing="category"
        eventInfo={d ? { category: d.category.name } : undefined}
        hideFacets={d && d.children.length === 0 ? ['category'] : []}
      />
    </div>
  );
}
