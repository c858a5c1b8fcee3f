import { useEffect } from 'react';
import { useAuth } from '../../api/auth.tsx';
import { readCartId } from './cookie.ts';
import { useStore } from '../../api/resource.ts';
import { cartStore, freebieStore, miniCartStore, savedStore, wishlistStore } from './stores.ts';

// Hooks the pages use: each loads its store when first shown (or starts from the answer the page was
// server-rendered with, src/api/prefetch.ts) and re-renders on every change.

export function useCart() {
  useEffect(() => {
    void cartStore.loadForPage();
  }, []);
  return useStore(cartStore);
}

export function useMiniCart() {
  // A guest without the cart cookie has no cart (SPEC §2): there is nothing to ask for, and the header stays as the
  // server drew it. A signed-in shopper's cart follows the account to any device, so it is asked for once the
  // session says so.
  const { isAuthenticated } = useAuth();
  const mayHaveCart = isAuthenticated || readCartId() !== null;
  useEffect(() => {
    if (mayHaveCart && !miniCartStore.get().data) void miniCartStore.load();
  }, [mayHaveCart]);
  return useStore(miniCartStore);
}

/** The wishlist of a signed-in customer; a guest has none (the fetch would be a silent 401). */
export function useWishlist(enabled = true) {
  useEffect(() => {
    if (enabled) void wishlistStore.loadForPage();
  }, [enabled]);
  return useStore(wishlistStore, enabled);
}

export function useSavedForLater(enabled = true) {
  useEffect(() => {
    if (enabled) void savedStore.loadForPage();
  }, [enabled]);
  return useStore(savedStore, enabled);
}

export function useFreebies() {
  useEffect(() => {
    void freebieStore.loadForPage();
  }, []);
  return useStore(freebieStore);
}

// A guest seen in this tab who is now signed in has just signed in: persist the cart (SPEC §4) and re-fetch
// the session. Kept in sessionStorage because sign-in happens on a page without the header (and Google
// leaves the app), so no single component sees both states.
const GUEST_SEEN = 'kasrat.cart.guestSeen';
const storage = () => {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
};

export function useCartSessionSync(): void {
  const { isAuthenticated, loading, user, refresh } = useAuth();
  const customerId = user?.customer_id ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of customer is a trigger, not an input.
  useEffect(() => {
    if (loading) return;
    const s = storage();
    if (!isAuthenticated) {
      if (s?.getItem(GUEST_SEEN) === 'signed-in') void import('./cart-store.ts').then((m) => m.forgetCustomerLists());
      s?.setItem(GUEST_SEEN, 'guest');
      return;
    }
    const before = s?.getItem(GUEST_SEEN);
    s?.setItem(GUEST_SEEN, 'signed-in');
    if (before === 'guest') void import('./cart-store.ts').then((m) => m.persistCart(readCartId())).then(() => refresh());
  }, [isAuthenticated, loading, customerId, refresh]);
}
