import { useParams } from 'react-router-dom';
import type { BreadcrumbItem } from '../../../../schemas/catalogue.ts';
import { useCatalogueMeta } from '../hooks.ts';
import { preload } from '../../../api/route-data.ts';
import { seoResource } from '../resources.ts';
import { brandDetailResource, listingResource } from '../listing-resources.ts';
import { useCachedResource as useResource } from '../../../api/cached-resource.ts';
import { Breadcrumbs, HOME_CRUMB } from '../components/Breadcrumbs.tsx';
import * as catalogueCss from '../components/catalogue.css.ts';
import * as css from './BrandPage.css.ts';
import { ListingView } from '../components/ListingView.tsx';
import { PromotionCards } from '../components/Promotions.tsx';
import { Img } from '../../../ui/Img.tsx';
import { Skeleton } from '../../../ui/Skeleton.tsx';

// /brand/{slug}: the brand, its authenticity credentials and offers, then its products with filters.

/**
 * The brand, its title and the page of its products the address asks for, loaded by the server before it renders.
 * Server-only (docs/decisions/010): the browser's router runs no loaders.
 */
export const loader = import.meta.env.SSR
  ? async ({ params, request, context }: { params: { slug?: string }; request: Request; context: unknown }): Promise<null> => {
      const slug = params.slug ?? '';
      const search = new URL(request.url).searchParams;
      await preload(context, [seoResource(`/brand/${slug}`), brandDetailResource(slug), listingResource('brand', { slug }, search)]);
      return null;
    }
  : undefined;

export default function BrandPage() {
  const { slug = '' } = useParams();
  useCatalogueMeta(`/brand/${slug}`);
  const def = brandDetailResource(slug);
  const detail = useResource(def.key, def.load);
  const d = detail.data;
  const crumbs: BreadcrumbItem[] = d?.breadcrumbs ?? [HOME_CRUMB, { value: 'Brands', category_slug: 'brands', redirect_url: '/brands' }];

  return (
    <div className={catalogueCss.page}>
      <Breadcrumbs items={crumbs} context={{ pageType: 'brand' }} />
      {d ? (
        <header className={css.hero}>
          <Img src={d.brand.logo} alt="" width={112} height={112} eager />
          <div className={css.heroText}>
            <h1 className={catalogueCss.pageTitle}>{d.brand.name}</h1>
            <p className={catalogueCss.muted}>
              {d.brand.product_count} {d.brand.product_count === 1 ? 'product' : 'products'} · from {d.brand.country}
            </p>
            {d.brand.description && <p style={{ margin: 0 }}>{d.brand.description}</p>}
            {d.importer && (
              <p className={catalogueCss.muted} style={{ fontSize: 14 }}>
                Imported by {d.importer.name}
                {d.certificate ? ` · certificate ${d.certificate.certificate_no}` : ''}
              </p>
            )}
          </div>
        </header>
      ) : (
        <div className={css.hero} aria-hidden="true">
          <Skeleton height={72} radius={10} />
          <div className={css.heroText}>
            <Skeleton width="50%" height={28} />
            <Skeleton width="70%" />
          </div>
        </div>
      )}
      {d && <PromotionCards items={d.banners} section="brand_page_banner" />}
      <ListingView
        endpoint="brand"
        base={{ slug }}
        listName={d ? `Brand: ${d.brand.name}` : `Brand: ${slug}`}
        listing="brand"
        eventInfo={d ? { brand: d.brand.name } : undefined}
        hideFacets={['brand']}
        // Products opened from here carry origin 'brand' (SPEC §2: their trail then runs through this brand).
        linkState={{ origin: 'brand', brand: slug }}
      />
    </div>
  );
}
