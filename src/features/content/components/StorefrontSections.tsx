import type { HomeSections } from '../../../../schemas/catalogue.ts';
import { Banners, HeroCarousel, PromotedProducts, PromotionTiles, ProductRail } from '../../catalogue/index.ts';
import { useMediaQuery } from '../../../ui/useMediaQuery.ts';
import { Section } from './OfferSections.tsx';

/**
 * The storefront promotion sections of SPEC §2 (landing top category, banners and carousel, top brands, new brand
 * launches, deal of the week, budget buys, authenticity banner) as the landing page and the home preview show them.
 */
export function StorefrontSections({ d, listPrefix }: { d: HomeSections; listPrefix: string }) {
  const desktop = useMediaQuery();
  return (
    <>
      {desktop ? (
        <HeroCarousel banners={d.banner_web} slides={d.carousel_web} web />
      ) : (
        <HeroCarousel banners={d.banner_mobile} slides={d.carousel_mobile} web={false} />
      )}
      <Section id="landing-top-categories" title="Shop by goal" more={{ to: '/all-categories', label: 'All categories' }}>
        <PromotionTiles items={d.top_categories} section="landing_top_category" />
      </Section>
      <Banners items={d.authenticity_banner} section="authenticity_banner" />
      {d.deal_of_week.length > 0 && (
        <Section id="landing-deal" title="Deal of the week">
          <PromotedProducts items={d.deal_of_week} section="deal_of_the_week" listName={`${listPrefix}: deal of the week`} />
        </Section>
      )}
      <Section id="landing-top-brands" title="Top brands" more={{ to: '/brands', label: 'All brands' }}>
        <PromotionTiles items={d.top_brands} section="top_brands" />
      </Section>
      <Banners items={d.mini_banners} section="homepage_mini_banner" pair />
      {d.bestsellers.length > 0 && (
        <Section id="landing-bestsellers" title="Bestsellers" more={{ to: '/bestseller/sports-nutrition/', label: 'See all' }}>
          <ProductRail hits={d.bestsellers} listName={`${listPrefix}: bestsellers`} listing="home" />
        </Section>
      )}
      {d.new_brand_launches.length > 0 && (
        <Section id="landing-new-brands" title="New brand launches">
          <PromotionTiles items={d.new_brand_launches} section="new_brand_launches" />
        </Section>
      )}
      {d.budget_buys.length > 0 && (
        <Section id="landing-budget" title="Budget buys">
          <PromotedProducts items={d.budget_buys} section="budget_buys" listName={`${listPrefix}: budget buys`} />
        </Section>
      )}
    </>
  );
}
