// The catalogue's client side for other areas: product cards as event items, the remembered product page
// (SPEC §2 previous-page lookup), URL history and the last search term (SPEC §3 local data).
export { catalogueApi } from './api.ts';
export { hitToEventItem } from './events.ts';
export { lastSearchTerm, previousProductPage, readUrlHistory, recordUrl } from './local-data.ts';
export { HeaderSearch } from './components/HeaderSearch.tsx';
export * as breadcrumbStyles from './components/Breadcrumbs.css.ts';
// Promotion sections and product rails for the offers, sale and landing pages (content feature).
export { ProductList } from './components/ProductList.tsx';
export { ProductRail } from './components/ProductRail.tsx';
export {
  Banners,
  Carousel,
  HeroCarousel,
  PromotedProducts,
  PromotionCards,
  PromotionTiles,
  useSeenOnce,
} from './components/Promotions.tsx';
export * as catalogueStyles from './components/catalogue.css.ts';
export { listItems } from './events.ts';
