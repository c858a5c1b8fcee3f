// @vitest-environment jsdom
import { createActor } from 'xstate';
import { type CheckoutServices, checkoutFunnelMachine } from '../../../machines/checkout-funnel.ts';
import type { OrderDetailsData } from '../../../schemas/order.ts';
import { ANSWERS } from '../../../tests/helpers/checkout-model.ts';
import { pricedOrder } from './api.ts';
import { createFunnel, takeResumed } from './funnel.tsx';

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

// SPEC §4.7: Back from the gateway (or a reload) resumes the tab's funnel at "leaving for the gateway"; the payment
// page opening again asks the server and shows the methods, instead of waiting for a result that is not coming.
test('a funnel resumed while leaving for the gateway recovers when the payment page opens', async () => {
  saveFunnel('redirecting');
  const loadPaymentState = vi.fn(async () => ANSWERS.awaiting);
  const loadPaymentMethods = vi.fn(async () => ANSWERS.methods);
  const leave = vi.fn();
  const funnel = createFunnel({ ...services, loadPaymentState, loadPaymentMethods } as CheckoutServices, { persist: true, leave });
  expect(funnel.getSnapshot().value).toBe('redirecting');
  // Resuming does not leave for the gateway again.
  expect(leave).not.toHaveBeenCalled();
  funnel.send({ type: 'OPEN_PAYMENT', order_id: ANSWERS.awaiting.order_id });
  await vi.waitFor(() => expect(funnel.getSnapshot().value).toEqual({ payment: 'choosing' }));
  expect(funnel.getSnapshot().hasTag('busy')).toBe(false);
  // What the tab keeps now is the payment step, so a reload lands there too.
  expect(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}').value).toEqual({ payment: 'choosing' });
});

test('a reload of the payment page asks the server: an order that expired meanwhile is shown closed, not payable', async () => {
  saveFunnel({ payment: 'choosing' });
  const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ ...stored, context: { ...stored.context, orderId: ANSWERS.expired.order_id } }));
  const loadPaymentState = vi.fn(async () => ANSWERS.expired);
  const funnel = createFunnel({ ...services, loadPaymentState } as CheckoutServices, { persist: true });
  funnel.send({ type: 'OPEN_PAYMENT', order_id: ANSWERS.expired.order_id, resumed: takeResumed(funnel) });
  await vi.waitFor(() => expect(funnel.getSnapshot().value).toBe('closed'));
  expect(loadPaymentState).toHaveBeenCalledTimes(1);
  // Only the first page of the document finds it resumed.
  expect(takeResumed(funnel)).toBe(false);
});
