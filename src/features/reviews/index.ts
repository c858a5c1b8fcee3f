// The reviews feature's public surface: the product page's section (its pages are loaded by src/app/routes.tsx).
export { ProductReviewsSection } from './components/ProductReviewsSection.tsx';
export { productAggregateResource, reviewPaths } from './api.ts';
