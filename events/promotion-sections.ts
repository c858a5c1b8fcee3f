// Promotion sections of SPEC §2, as plain data: pages decide a promotion's section at render without loading the
// catalogue's zod schemas (events/catalogue.ts builds its enum from this list).
export const PROMOTION_SECTIONS = [
  'landing_top_category',
  'homepage_mini_banner',
  'authenticity_banner',
  'top_brands',
  'categories',
  'new_brand_launches',
  'banner_web',
  'banner_mobile',
  'carousel_web',
  'carousel_mobile',
  'thankyou_banner',
  'offers_banner',
  'offers_carousel',
  'deal_of_the_week',
  'budget_buys',
  'brand_page_banner',
  'category_page_banner',
  'pdp_banner',
  'sale_partner_brand_offers',
  'sale_banner_1',
  'sale_budget_buys',
  'sale_deals_on_favourites',
] as const;

export type PromotionSection = (typeof PROMOTION_SECTIONS)[number];

const known: ReadonlySet<string> = new Set(PROMOTION_SECTIONS);

export const isPromotionSection = (slot: string): slot is PromotionSection => known.has(slot);
