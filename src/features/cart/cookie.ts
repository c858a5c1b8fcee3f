import { CART_COOKIE, CART_COOKIE_DAYS } from '../../../schemas/constants.ts';

// SPEC §3/§4: the cart_id cookie (365 days) is stored from add-to-cart and add-freebie-to-cart answers.
export function storeCartId(cartId: string | null | undefined): void {
  if (!cartId || typeof document === 'undefined') return;
  try {
    const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; secure' : '';
    // biome-ignore lint/suspicious/noDocumentCookie: SPEC §4 has the app store cart_id as a cookie; the Cookie Store API is not in every browser.
    document.cookie = `${CART_COOKIE}=${encodeURIComponent(cartId)}; path=/; max-age=${CART_COOKIE_DAYS * 86_400}; samesite=lax${secure}`;
  } catch {
    console.warn('[cart] could not store the cart_id cookie');
  }
}

export function readCartId(): string | null {
  if (typeof document === 'undefined') return null;
  const found = document.cookie.split('; ').find((c) => c.startsWith(`${CART_COOKIE}=`));
  return found ? decodeURIComponent(found.slice(CART_COOKIE.length + 1)) : null;
}
