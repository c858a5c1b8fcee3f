import { useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { type Actor, createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { flushBeforeRedirect } from '../../../events/index.ts';
import { browserStorage } from '../../../events/storage.ts';
import { checkoutFunnelMachine, type CheckoutServices, type FunnelContext, pricedOrderContext } from '../../../machines/checkout-funnel.ts';
import type { OrderDetailsData } from '../../../schemas/order.ts';
import type { GatewayRedirect } from '../../../schemas/payment.ts';
import { takeSeed } from '../../api/prefetch.ts';
import { cartFunnelView, cartStore } from '../cart/index.ts';
import { checkoutServices, pricedOrder, RENDERED_ORDER } from './api.ts';

// The one checkout funnel of the tab: created on first use, shared by the cart, address, confirmation, payment
// and outcome pages, and kept in sessionStorage at its resting states so the gateway's return (a full page
// load) lands in the same funnel.

export type FunnelSnapshot = SnapshotFrom<typeof checkoutFunnelMachine>;
export type FunnelActor = Actor<typeof checkoutFunnelMachine>;

const STORAGE_KEY = 'kasrat_checkout_funnel';
/** States worth resuming after a reload or the gateway hop; busy states resume from the last resting one. */
const RESTING = [
  'cart',
  { checkout: 'choosing' },
  { orderConfirmation: 'ready' },
  { payment: 'choosing' },
  'redirecting',
  { failed: 'shown' },
  'purchased',
] as const;

/** Sends the browser to the gateway, after handing queued events to the network (they must survive the hop). */
export function leaveForGateway(redirect: GatewayRedirect): void {
  flushBeforeRedirect();
  if (redirect.method === 'GET') {
    const url = new URL(redirect.url, window.location.origin);
    for (const [k, v] of Object.entries(redirect.fields)) url.searchParams.set(k, v);
    window.location.assign(url.toString());
    return;
  }
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = redirect.url;
  for (const [name, value] of Object.entries(redirect.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

export interface FunnelOptions {
  leave?: (r: GatewayRedirect) => void;
  persist?: boolean;
  /** The re-priced order the server rendered the confirmation page with (a reload): what the page shows now. */
  rendered?: OrderDetailsData;
}

export function createFunnel(services: CheckoutServices, options: FunnelOptions = {}) {
  const machine = checkoutFunnelMachine.provide({
    actors: Object.fromEntries(
      Object.entries(services).map(([name, fn]) => [name, fromService(fn as (i: unknown) => Promise<unknown>)]),
    ) as never,
    actions: { leaveForGateway: (_, redirect) => (options.leave ?? leaveForGateway)(redirect) },
  });
  const storage = options.persist ? browserStorage('sessionStorage') : null;
  let snapshot: FunnelSnapshot | undefined;
  try {
    const saved = storage?.getItem(STORAGE_KEY);
    if (saved) {
      const { value, context } = JSON.parse(saved) as { value: FunnelSnapshot['value']; context: FunnelContext };
      snapshot = machine.resolveState({ value, context });
    }
  } catch (error) {
    console.warn('[checkout] could not resume the funnel', error);
  }
  // A reload of the confirmation page: the server priced the order again and rendered it, so the funnel holds that
  // order (the page hydrates with what the server drew, and places the order as shown).
  if (snapshot && options.rendered && snapshot.matches({ orderConfirmation: 'ready' }))
    snapshot = machine.resolveState({
      value: snapshot.value,
      context: { ...snapshot.context, ...pricedOrderContext(pricedOrder(options.rendered)) },
    });
  const actor = createActor(machine, snapshot ? { snapshot } : undefined);
  if (storage)
    actor.subscribe((s) => {
      if (!RESTING.some((r) => s.matches(r as never))) return;
      try {
        storage.setItem(STORAGE_KEY, JSON.stringify({ value: s.value, context: s.context }));
      } catch (error) {
        console.warn('[checkout] could not keep the funnel', error);
      }
    });
  actor.start();
  // SPEC §4.7: a funnel read back from storage (a reload, a return) has not yet heard from this document's pages.
  let resumed = snapshot !== undefined;
  actor.subscribe(() => {
    resumed = false;
  });
  resumedFunnels.set(actor, () => {
    const was = resumed;
    resumed = false;
    return was;
  });
  return actor;
}

const resumedFunnels = new WeakMap<FunnelActor, () => boolean>();
/** True once, for the first page to ask, when the funnel was read back from storage and nothing moved it since. */
export const takeResumed = (actor: FunnelActor): boolean => resumedFunnels.get(actor)?.() ?? false;

const fromService = (fn: (input: unknown) => Promise<unknown>) => fromPromise(({ input }: { input: unknown }) => fn(input));

let appFunnel: FunnelActor | null = null;
// The order a confirmation page was rendered with that the tab's funnel could not adopt: a tab with no funnel behind
// it (a new tab) has no order to place, yet it must hydrate what the server drew before it goes to the cart.
let unadopted: OrderDetailsData | undefined;
/** The app's funnel (API services, gateway redirect, kept in sessionStorage). */
export function appCheckoutFunnel(): FunnelActor {
  if (!appFunnel) {
    const rendered = takeSeed<OrderDetailsData>(RENDERED_ORDER)?.value;
    appFunnel = createFunnel(checkoutServices, { persist: true, rendered });
    if (rendered && !appFunnel.getSnapshot().matches({ orderConfirmation: 'ready' })) unadopted = rendered;
  }
  return appFunnel;
}

const noSubscription = () => () => {};
/**
 * While React hydrates the confirmation page, the order the server rendered it with when the tab's funnel has none;
 * undefined from then on, so the page draws the funnel's state (and goes where the funnel is). Call after the
 * funnel has been created (useFunnelPage).
 */
export function useUnadoptedOrder(): OrderDetailsData | undefined {
  return useSyncExternalStore(
    noSubscription,
    () => undefined,
    () => unadopted,
  );
}

const FunnelContextReact = createContext<FunnelActor | null>(null);
/** Tests render pages with their own funnel. */
export function FunnelProvider({ funnel, children }: { funnel: FunnelActor; children: ReactNode }) {
  return <FunnelContextReact.Provider value={funnel}>{children}</FunnelContextReact.Provider>;
}

export function useFunnelActor(): FunnelActor {
  return useContext(FunnelContextReact) ?? appCheckoutFunnel();
}

/** The current snapshot and the send function of the tab's funnel. */
export function useCheckoutFunnel() {
  const actor = useFunnelActor();
  const snapshot = useSelector(actor, (s) => s);
  return { actor, snapshot, send: actor.send, busy: snapshot.hasTag('busy') };
}

/** Where the funnel's state is shown (null: nowhere in particular). */
export function funnelRoute(s: FunnelSnapshot): string | null {
  const id = s.context.orderId ?? '';
  if (s.matches('cart') || s.matches('cartChanged')) return '/cart';
  if (s.matches({ checkout: 'adding' })) return '/add-new-address';
  if (s.matches('checkout')) return '/select-address';
  if (s.matches('orderConfirmation')) return '/order-confirmation';
  if (s.matches('payment')) return `${s.context.flow === 'direct' ? '/payment' : '/retry-payment'}?orderId=${id}`;

  if (s.matches('pending')) return `/pending-payment?orderId=${id}`;
  if (s.matches('confirming') || s.matches('confirmFailed') || s.matches('purchased')) return `/order-successfull/${id}`;
  if (s.matches('failed')) return `/order-failed/${id}`;
  return null;
}

const pathOf = (route: string) => route.split('?')[0];
/**
 * /payment and /retry-payment are one page (the flow changes its title): moving between them, or to another
 * order's address, replaces the entry, so Back never returns to an address that moves the shopper on again.
 */
const PAYMENT_PAGES = ['/payment', '/retry-payment'];
const isPaymentPage = (path: string) => PAYMENT_PAGES.includes(path);

/**
 * Keeps the page and the funnel together: when the funnel moves to another page's state the browser follows;
 * a page opened with no funnel behind it (a bookmark, a reload mid-call) goes to where the funnel is, else the cart.
 * `onEnter` runs first, so a page can move the funnel to itself (change address, an outcome from the gateway).
 */
export function useFunnelPage(onEnter?: (actor: FunnelActor) => void | Promise<void>) {
  const funnel = useCheckoutFunnel();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const entered = useRef(false);
  // An `onEnter` that answers a promise is still moving the funnel: the page waits for it before following.
  const [starting, setStarting] = useState(false);
  const { actor, snapshot } = funnel;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every funnel change; reads the live snapshot.
  useEffect(() => {
    if (!entered.current) {
      entered.current = true;
      const pending = onEnter?.(actor);
      if (pending) {
        setStarting(true);
        void pending.finally(() => setStarting(false));
        return;
      }
    }
    if (starting) return;
    const now = actor.getSnapshot();
    const route = funnelRoute(now);
    if (route === null) {
      // SPEC §4.7: the payment page itself says what the server answered (asking, or nothing to pay).
      const answeredHere = isPaymentPage(pathname) && (now.matches('closed') || now.matches('recoverFailed'));
      if (!now.matches('redirecting') && !now.hasTag('busy') && !answeredHere) navigate('/cart', { replace: true });
      return;
    }
    if (isPaymentPage(pathOf(route)) && isPaymentPage(pathname)) {
      if (route !== pathname + search) navigate(route, { replace: true });
    } else if (pathOf(route) !== pathname) navigate(route);
  }, [snapshot, pathname, search, starting]);
  return { ...funnel, starting };
}

/** SPEC §8: when order confirmation answers 409 the cart page shows what changed. */
export function useCartChangedNotice(show: (message: string) => void) {
  const actor = useFunnelActor();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const check = (s: FunnelSnapshot) => {
      if (s.matches('cartChanged') && s.context.error && shown.current !== s.context.error) {
        shown.current = s.context.error;
        show(s.context.error);
      }
    };
    check(actor.getSnapshot());
    const sub = actor.subscribe(check);
    return () => sub.unsubscribe();
  }, [actor, show]);
}

/**
 * Begins checkout from the shopper's cart as it is now, as the cart page's button does: for the address step opened
 * without the cart page behind it (its link tapped before that page had hydrated, a bookmark, back then forward).
 * An empty or unreadable cart leaves the funnel where it is, and the page then goes to the cart.
 */
export async function beginCheckoutFromCart(actor: FunnelActor): Promise<void> {
  const data = await cartStore.load();
  if (!data) return;
  actor.send({ type: 'VIEW_CART', ...cartFunnelView(data), ...(data.cart_meta.cart_id ? { cart_id: data.cart_meta.cart_id } : {}) });
  if (actor.getSnapshot().matches('cart')) actor.send({ type: 'BEGIN_CHECKOUT' });
}
