// The reviews feature's public surface: its pages (for src/app/routes.tsx) and the product page's section.
export { ProductReviewsSection } from './components/ProductReviewsSection.tsx';
export { reviewPaths } from './api.ts';

/** The six review routes of SPEC §2, each a lazy chunk. */
export const reviewPages = {
  product: () => import('./pages/ProductReviewsPage.tsx'),
  brand: () => import('./pages/BrandReviewsPage.tsx'),
  all: () => import('./pages/AllReviewsPage.tsx'),
  afterRate: () => import('./pages/AfterRatePage.tsx'),
  rate: () => import('./pages/RateProductPage.tsx'),
  update: () => import('./pages/UpdateRatingPage.tsx'),
};
