import { report } from '../../../../events/index.ts';
import { lazy, useEffect } from 'react';
import { browserStorage } from '../../../../events/storage.ts';
import { usePageMeta } from '../../../ui/meta.tsx';
import { catalogueApi } from '../api.ts';
import { preload } from '../../../api/route-data.ts';
import { homeResource } from '../resources.ts';

import { readSimilarViewed } from '../local-data.ts';
import { useCachedResource as useResource } from '../../../api/cached-resource.ts';
import * as catalogueCss from '../components/catalogue.css.ts';
import { ProductRail } from '../components/ProductRail.tsx';
import { Banners, CategoryTiles, HeroCarousel, PromotedProducts, PromotionTiles } from '../components/Promotions.tsx';
import { useMediaQuery } from '../../../ui/useMediaQuery.ts';
import { Section } from '../../../ui/Section.tsx';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { AfterHydration } from '../../../ui/AfterHydration.tsx';
import { buttonSecondary, visuallyHidden } from '../../../ui/theme/global.css.ts';

// The home page: SPEC §2's promotion sections in shopping order. Web banners and carousels show from the 992px
// breakpoint, the mobile ones below it (only the shown set is in the page, so only it is reported as viewed).

/** SPEC §3 similarProductViewed: products like the last one viewed in the past 30 hours. */
function InspiredByViewed() {
  const [last] = readSimilarViewed(browserStorage('localStorage'), Date.now()).slice(-1);
  const id = last?.similar_product_id ?? null;
  const recs = useResource(id ? `recommendation:${id}` : null, (signal) => catalogueApi.recommendation(id as number, { signal }));
  if (!recs.data?.length) return null;
  return (
    <Section id="home-inspired" title="Inspired by what you viewed">
      <ProductRail hits={recs.data} listName="Home: inspired by your views" listing="recommended" />
    </Section>
  );
}

function HomeSkeleton() {
  return (
    <div className={catalogueCss.page} role="status" aria-live="polite">
      <span className={visuallyHidden}>Loading…</span>
      <Skeleton height={220} radius={16} />
      <Skeleton width="30%" height={24} />
      <div className={catalogueCss.tiles}>
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <Skeleton key={i} height={110} radius={16} />
        ))}
      </div>
    </div>
  );
}

/**
 * The home page's sections, loaded by the server before it renders (docs/decisions/010). Server-only: the browser's
 * router runs no loaders, so the client build leaves it out of the page's chunk.
 */
export const loader = import.meta.env.SSR
  ? async ({ context }: { context: unknown }): Promise<null> => {
      await preload(context, [homeResource()]);
      return null;
    }
  : undefined;

// SPEC §4.7: the banner of an order waiting for payment is asked in the browser after the page is up, for signed-in
// shoppers only: its code is not in the home page's first load (scripts/budgets.mjs).
const AwaitingPaymentBanner = lazy(() =>
  import('../components/AwaitingPaymentBanner.tsx').then((m) => ({ default: m.AwaitingPaymentBanner })),
);

export default function HomePage() {
  usePageMeta(null);
  const desktop = useMediaQuery();
  const def = homeResource();
  const home = useResource(def.key, def.load);
  useEffect(() => {
    report({ name: 'view_home_page' });
  }, []);
  const d = home.data;

  return (
    <div className={catalogueCss.page}>
      <h1 className={visuallyHidden}>Kasrat – India's #1 authentic supplement store</h1>
      <AfterHydration>
        <AwaitingPaymentBanner />
      </AfterHydration>
      {!d && home.loading && <HomeSkeleton />}
      {!d && home.error && (
        <div className={catalogueCss.empty} role="alert">
          <p style={{ margin: 0 }}>{home.error}</p>
          <button type="button" className={buttonSecondary} onClick={home.reload}>
            Try again
          </button>
        </div>
      )}
      {d && (
        <>
          {/* One hero carousel: the banners first, then the carousel slides; each reports its own section. */}
          {desktop ? (
            <HeroCarousel banners={d.banner_web} slides={d.carousel_web} web />
          ) : (
            <HeroCarousel banners={d.banner_mobile} slides={d.carousel_mobile} web={false} />
          )}

          <Section id="home-top-categories" title="Top categories" more={{ to: '/all-categories', label: 'All categories' }}>
            <PromotionTiles items={d.top_categories} section="landing_top_category" />
          </Section>

          <Banners items={d.mini_banners} section="homepage_mini_banner" pair />

          <Section id="home-top-brands" title="Top brands" more={{ to: '/brands', label: 'All brands' }}>
            <PromotionTiles items={d.top_brands} section="top_brands" />
          </Section>

          {d.deal_of_week.length > 0 && (
            <Section id="home-deal" title="Deal of the week">
              <PromotedProducts items={d.deal_of_week} section="deal_of_the_week" listName="Home: deal of the week" />
            </Section>
          )}

          <Banners items={d.authenticity_banner} section="authenticity_banner" />

          {d.bestsellers.length > 0 && (
            <Section id="home-bestsellers" title="Bestsellers" more={{ to: '/bestseller/sports-nutrition/', label: 'See all' }}>
              <ProductRail hits={d.bestsellers} listName="Home: bestsellers" listing="home" />
            </Section>
          )}

          <Section id="home-categories" title="Shop by category" more={{ to: '/all-categories', label: 'All categories' }}>
            <CategoryTiles categories={d.categories} />
          </Section>

          {d.new_brand_launches.length > 0 && (
            <Section id="home-new-brands" title="New brand launches" more={{ to: '/brands', label: 'All brands' }}>
              <PromotionTiles items={d.new_brand_launches} section="new_brand_launches" />
            </Section>
          )}

          {d.budget_buys.length > 0 && (
            <Section id="home-budget" title="Budget buys">
              <PromotedProducts items={d.budget_buys} section="budget_buys" listName="Home: budget buys" />
            </Section>
          )}

          <InspiredByViewed />
        </>
      )}
    </div>
  );
}
