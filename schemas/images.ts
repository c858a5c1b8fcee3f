// Where the store's drawn images are (no binary assets: the server draws each from catalogue data). Pages ask for
// the WebP the server rasterises from the drawing, which the browser decodes off its main thread; an SVG image is
// laid out and painted on the main thread, ~2 ms each on a slow phone, which a listing of 24 cards pays in full.
// The SVG stays at the same path with `.svg`. Zod-free: the browser imports it.

const view = (n: number) => (n ? `-${n}` : '');

/** Pixels per CSS pixel of a raster: 2 is drawn at twice the size, for the large images of sharp screens. */
export type Density = 1 | 2;

/** A variant's product image; `n` > 0 is a gallery view. */
export const productImage = (variantId: number, n = 0, density: Density = 1): string =>
  `/images/product/${variantId}${view(n)}${density === 2 ? '@2x' : ''}.webp`;

/** `srcset` of a product image shown large: phones with 1.5–3 device pixels per CSS pixel take the 2x raster. */
export const productImageSet = (variantId: number, n = 0): string =>
  `${productImage(variantId, n)} 1x, ${productImage(variantId, n, 2)} 2x`;
export const brandImage = (brandId: number): string => `/images/brand/${brandId}.webp`;
export const categoryImage = (categoryId: number): string => `/images/category/${categoryId}.webp`;
export const bannerImage = (offerId: number): string => `/images/banner/${offerId}.webp`;

/** The formats an image path may ask for: the drawing, or its raster. */
export type DrawnFormat = 'svg' | 'webp';
