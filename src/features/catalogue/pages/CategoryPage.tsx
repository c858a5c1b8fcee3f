import { useParams } from 'react-router-dom';
import type { BreadcrumbItem } from '../../../../schemas/catalogue.ts';
import { catalogueApi } from '../api.ts';
import { useCatalogueMeta } from '../hooks.ts';
import { useCachedResource as useResource } from '../../../api/cached-resource.ts';
import { Breadcrumbs, HOME_CRUMB } from '../components/Breadcrumbs.tsx';
import * as css from '../components/catalogue.css.ts';
import { ListingHeader } from '../components/ListingHeader.tsx';
import { ListingView } from '../components/ListingView.tsx';
import { Banners } from '../components/Promotions.tsx';
import { useMediaQuery } from '../../../ui/useMediaQuery.ts';

// /product-category/{slug}: the category's banner (web or mobile by breakpoint), its sub-categories, then its
// products with filters.

export default function CategoryPage() {
  const { slug = '' } = useParams();
  useCatalogueMeta(`/product-category/${slug}`);
  const desktop = useMediaQuery();
  const detail = useResource(`category-detail:${slug}`, (signal) => catalogueApi.categoryDetail(slug, { signal }));
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
