import { usePageMeta } from '../../../ui/meta.tsx';
import { preload } from '../../../api/route-data.ts';
import { listingResource } from '../listing-resources.ts';
import { Breadcrumbs, HOME_CRUMB } from '../components/Breadcrumbs.tsx';
import * as css from '../components/catalogue.css.ts';
import { ListingView } from '../components/ListingView.tsx';

// /shop: every product, with the same filters and sorts as any listing.

/** The page of products the address asks for, loaded by the server before it renders. Server-only (docs/decisions/010). */
export const loader = import.meta.env.SSR
  ? async ({ request, context }: { request: Request; context: unknown }): Promise<null> => {
      await preload(context, [listingResource('shop', {}, new URL(request.url).searchParams)]);
      return null;
    }
  : undefined;

export default function ShopPage() {
  usePageMeta(null);
  return (
    <div className={css.page}>
      <Breadcrumbs items={[HOME_CRUMB, { value: 'Shop', category_slug: 'shop', redirect_url: '/shop' }]} context={{ pageType: 'shop' }} />
      <h1 className={css.pageTitle}>Shop all products</h1>
      <ListingView endpoint="shop" listName="Shop" listing="shop" />
    </div>
  );
}
