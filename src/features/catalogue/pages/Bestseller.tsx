import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { BreadcrumbItem } from '../../../../schemas/catalogue.ts';
import { useCatalogueMeta } from '../hooks.ts';
import { preload } from '../../../api/route-data.ts';
import { seoResource } from '../resources.ts';
import { categoryDetailResource, listingResource } from '../listing-resources.ts';
import { useCachedResource as useResource } from '../../../api/cached-resource.ts';
import { Breadcrumbs, HOME_CRUMB } from '../components/Breadcrumbs.tsx';
import * as css from '../components/catalogue.css.ts';
import { BestsellerSample } from '../components/BestsellerSample.tsx';
import { ListingHeader } from '../components/ListingHeader.tsx';
import { ListingView } from '../components/ListingView.tsx';

// /bestseller/{slug}/ (SPEC §2, trailing slash): the best-selling products of a category. Its trail links
// categories to their bestseller pages (page type 'bestseller').

const BESTSELLER_CRUMB: BreadcrumbItem = {
  value: 'Bestsellers',
  category_slug: 'bestseller',
  redirect_url: '/bestseller/sports-nutrition/',
};

const DEFAULT_SLUG = 'sports-nutrition';

/**
 * The category, the page's title and the page of bestsellers the address asks for, loaded by the server before it
 * renders. Server-only (docs/decisions/010): the browser's router runs no loaders.
 */
export const loader = import.meta.env.SSR
  ? async ({ params, request, context }: { params: { slug?: string }; request: Request; context: unknown }): Promise<null> => {
      const slug = params.slug ?? DEFAULT_SLUG;
      const search = new URL(request.url).searchParams;
      await preload(context, [
        seoResource(`/bestseller/${slug}/`),
        categoryDetailResource(slug),
        listingResource('bestseller', { slug }, search),
      ]);
      return null;
    }
  : undefined;

export default function BestsellerPage() {
  const { slug = DEFAULT_SLUG } = useParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useCatalogueMeta(`/bestseller/${slug}/`);
  useEffect(() => {
    if (!pathname.endsWith('/')) navigate(`${pathname}/${search}`, { replace: true });
  }, [pathname, search, navigate]);
  const def = categoryDetailResource(slug);
  const detail = useResource(def.key, def.load);
  const d = detail.data;
  const crumbs: BreadcrumbItem[] = [
    HOME_CRUMB,
    BESTSELLER_CRUMB,
    ...(d ? [...d.parents, d.category].map((c) => ({ value: c.name, category_slug: c.slug, redirect_url: `/bestseller/${c.slug}/` })) : []),
  ];

  return (
    <div className={css.page}>
      <Breadcrumbs items={crumbs} context={{ pageType: 'bestseller' }} />
      <ListingHeader
        title={d ? `Bestsellers in ${d.category.name}` : null}
        skeletonWidth="50%"
        navLabel="Bestsellers by category"
        links={(d?.children ?? []).map((c) => ({ id: c.id, name: c.name, to: `/bestseller/${c.slug}/` }))}
      />
      <ListingView
        endpoint="bestseller"
        base={{ slug }}
        listName={d ? `Bestsellers: ${d.category.name}` : `Bestsellers: ${slug}`}
        listing="bestseller"
        eventInfo={d ? { category: d.category.name } : undefined}
        empty={<BestsellerSample />}
      />
    </div>
  );
}
