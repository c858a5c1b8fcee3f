// The catalogue's client side for other areas: product cards as event items, the remembered product page
// (SPEC §2 previous-page lookup), URL history and the last search term (SPEC §3 local data).
export { catalogueApi } from './api.ts';
export { hitToEventItem } from './events.ts';
export { lastSearchTerm, previousProductPage, readUrlHistory, recordUrl } from './local-data.ts';
export { HeaderSearch } from './components/HeaderSearch.tsx';
export * as breadcrumbStyles from './components/Breadcrumbs.css.ts';
export { useResource as useCachedResource } from './resource.ts';
