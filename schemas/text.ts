// Text rules of SPEC §5, shared by the server (slugs in the seed and URLs) and the app.

/** SPEC §5: lowercase, trim, spaces to hyphens, & to -and-, strip non-word characters, collapse hyphens. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/&/g, '-and-')
    .replace(/[^\w-]+/g, '')
    .replace(/-{2,}/g, '-');
}

/**
 * SPEC §5: an email as typed is lowercased with spaces removed. The one rule for form input, the server's forms and
 * the conversion feed's PII, which must hash the same in the browser and on the server.
 */
export const normaliseEmail = (email: string): string => email.toLowerCase().replace(/\s+/g, '');

/** SPEC §5: when longer than `limit` (default 100), cut to 250 characters with an ellipsis. */
export function truncate(text: string, limit = 100): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, 250)}...`;
}

/** SPEC §3: with only a variant SKU, the parent SKU is its text minus the last two characters plus PA. */
export function parentSkuFromVariantSku(variantSku: string): string {
  return `${variantSku.slice(0, -2)}PA`;
}
