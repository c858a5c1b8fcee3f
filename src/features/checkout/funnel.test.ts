// @vitest-environment jsdom
import { createActor } from 'xstate';
import { type CheckoutServices, checkoutFunnelMachine } from '../../../machines/checkout-funnel.ts';
import type { OrderDetailsData } from '../../../schemas/order.ts';
import { ANSWERS } from '../../../tests/helpers/checkout-model.ts';
import { pricedOrder } from './api.ts';
import { createFunnel } from './funnel.tsx';

// docs/decisions/010: a reloaded confirmation page was rendered by the server from the order as it prices it now;
// the tab's funnel, resumed from sessionStorage, adopts that order, so the page hydrates with what the server drew
// and the order is placed as shown.

const STORAGE_KEY = 'kasrat_checkout_funnel';
const services = new Proxy({} as CheckoutServices, { get: () => () => Promise.reject(new Error('no call expected')) });
const stored = ANSWERS.details.details;
const repriced: OrderDetailsData = { ...stored, total: stored.total + 20_000, quote: 'repriced-quote' };

function saveFunnel(value: unknown) {
  const context = {
    ...createActor(checkoutFunnelMachine).getSnapshot().context,
    details: stored,
    quote: stored.quote,
    value: stored.total,
  };
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ value, context }));
}

afterEach(() => sessionStorage.clear());

test('a funnel resumed at the confirmation takes the order the server rendered', () => {
  saveFunnel({ orderConfirmation: 'ready' });
  const funnel = createFunnel(services, { persist: true, rendered: repriced });
  const { context } = funnel.getSnapshot();
  expect(funnel.getSnapshot().matches({ orderConfirmation: 'ready' })).toBe(true);
  expect(context.details).toEqual(repriced);
  expect(context.quote).toBe('repriced-quote');
  expect(context.value).toBe(repriced.total);
  expect(context.items).toEqual(pricedOrder(repriced).items);
  expect(context.items.length).toBe(repriced.cart_data.length);
});

test('without a rendered order, or resumed elsewhere, the funnel keeps what the tab stored', () => {
  saveFunnel({ orderConfirmation: 'ready' });
  expect(createFunnel(services, { persist: true }).getSnapshot().context.details).toEqual(stored);
  saveFunnel({ checkout: 'choosing' });
  const elsewhere = createFunnel(services, { persist: true, rendered: repriced }).getSnapshot();
  expect(elsewhere.matches({ checkout: 'choosing' })).toBe(true);
  expect(elsewhere.context.details).toEqual(stored);
});
