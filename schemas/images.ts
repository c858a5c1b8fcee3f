// Where the store's drawn images are (no binary assets: the server draws each from catalogue data). Pages ask for
// the WebP the server rasterises from the drawing, which the browser decodes off its main thread; an SVG image is
// laid out and painted on the main thread, ~2 ms each on a slow phone, which a listing of 24 cards pays in full.
// The SVG stays at the same path with `.svg`. Zod-free: the browser imports it.

const view = (n: number) => (n ? `-${n}` : '');

/** A variant's product image; `n` > 0 is a gallery view. */
export const productImage = (variantId: number, n = 0): string => `/images/product/${variantId}${view(n)}.webp`;
export const brandImage = (brandId: number): string => `/images/brand/${brandId}.webp`;
export const categoryImage = (categoryId: number): string => `/images/category/${categoryId}.webp`;
export const bannerImage = (offerId: number): string => `/images/banner/${offerId}.webp`;

/** The formats an image path may ask for: the drawing, or its raster. */
export type DrawnFormat = 'svg' | 'webp';
