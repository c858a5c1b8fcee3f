import { usePageMeta } from '../../../ui/meta.tsx';
import { Breadcrumbs, HOME_CRUMB } from '../components/Breadcrumbs.tsx';
import * as css from '../components/catalogue.css.ts';
import { ListingView } from '../components/ListingView.tsx';

// /shop: every product, with the same filters and sorts as any listing.

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
