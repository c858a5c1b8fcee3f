// The catalogue module: the rules behind every catalogue, listing, product, search, offers, home, sale and SEO
// call of SPEC §7 (server/api/catalogue/), answered from this instance's in-memory copy of the catalogue (PGlite blocks the event loop; see
// server/search/store.ts for how the copy follows the database).

export { catalogueChanged } from '../../search/index.ts';
export {
  brandExists,
  catalogueFileRows,
  categoryExists,
  consoleSalePages,
  consoleVariants,
  firstVariantId,
  lockProduct,
  lockSalePageForEdit,
  lockVariantStock,
  productImageVersion,
  publishedProductIds,
  variantPublished,
  variantsBySku,
} from './console-reads.ts';
export { type DeclarationsSave, saveDeclarations, staffDeclarations } from './declarations.ts';
export { refreshAllProductRatings, refreshProductRating } from './ratings.ts';
export {
  createSalePage,
  type PriceEditResult,
  type SalePageValues,
  type SaleSectionInput,
  saveProductImage,
  saveSalePage,
  setProductPublished,
  setVariantPrice,
  setVariantPrices,
  type VariantPrices,
} from './staff-edits.ts';
export { ContentCache } from './content-cache.ts';
export type { CatalogueContext } from './context.ts';
export { catalogueAddressCheck, catalogueMetaResolver } from './seo.ts';
export {
  BRANDS_CRUMB,
  brandSummary,
  categoryCrumbs,
  categorySummary,
  defaultVariant,
  findBrand,
  findCategory,
  findProduct,
  hitsOf,
  HOME_CRUMB,
  okJson,
  popularProducts,
  sendJson,
} from './context.ts';
export { bannerSize, promotionsOf } from './promotions.ts';
export type { Content } from './content-cache.ts';
export { MENU_LINKS, treeOf } from './brands.ts';
export { SALE_DISCOUNT, listingResponse, providerListingResponse, suggestions, toQuery } from './listing.ts';
export { brandsOnOffer, discounted, freebieOffers, homeSections, offersPage, requirePreview, salePage } from './offers.ts';
export { hueOf, tile } from './images.ts';
export { productDetail, productDetailResponse, productOffers, similarProducts } from './product.ts';
export { productDeclarations } from './declarations.ts';
