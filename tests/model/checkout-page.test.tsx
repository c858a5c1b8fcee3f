// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import type { FunnelEvent } from '../../machines/checkout-funnel.ts';
import { ToastProvider } from '../../src/ui/Toast.tsx';
import { address, ANSWERS, describePath, funnelPaths, isServiceStep, ORDER_ID, servicesForPath } from '../helpers/checkout-model.ts';

// Model-based tests through the real checkout pages: every shortest path of the checkout funnel machine is
// replayed as clicks on <SelectAddress>, <AddNewAddress>, <OrderConfirmation>, <Payment>, <PendingPayment> and
// the outcome pages, and as the navigations a gateway's return makes; the calls answer what the path says. The
// cart page's two moves (VIEW_CART, BEGIN_CHECKOUT) are sent as it sends them (its own test covers the page).

vi.mock('../../src/auth/account-api.ts', () => ({
  addressApi: {
    save: vi.fn(async () => ({ status: 1, message: 'Address saved', data: address() })),
    pincode: vi.fn(async () => ({
      status: 1,
      message: 'ok',
      data: {
        pincode: '560001',
        city: 'Bengaluru',
        district: 'Bengaluru',
        state: 'Karnataka',
        country: 'India',
        serviceable: true,
        cod_available: true,
        state_matches: null,
      },
    })),
  },
}));
vi.mock('../../src/features/checkout/api.ts', async (original) => {
  const real = await original<typeof import('../../src/features/checkout/api.ts')>();
  return {
    ...real,
    checkoutApi: {
      ...real.checkoutApi,
      offerList: vi.fn(async () => ({ status: 1, message: 'ok', data: { amount: 0, offers: [], best: null } })),
      savedCards: vi.fn(async () => ({ status: 1, message: 'ok', data: [] })),
      bannerData: vi.fn(async () => ({
        status: 1,
        message: 'ok',
        data: { banner_web: [], banner_mobile: [], carousel_web: [], carousel_mobile: [], mini_banners: [] },
      })),
    },
  };
});

const { createFunnel, FunnelProvider, funnelRoute } = await import('../../src/features/checkout/funnel.tsx');
const pages = {
  SelectAddress: (await import('../../src/features/checkout/pages/SelectAddress.tsx')).default,
  AddNewAddress: (await import('../../src/features/checkout/pages/AddNewAddress.tsx')).default,
  OrderConfirmation: (await import('../../src/features/checkout/pages/OrderConfirmation.tsx')).default,
  Payment: (await import('../../src/features/checkout/pages/Payment.tsx')).default,
  PendingPayment: (await import('../../src/features/checkout/pages/PendingPayment.tsx')).default,
  OrderSuccess: (await import('../../src/features/checkout/pages/OrderSuccess.tsx')).default,
  OrderFailed: (await import('../../src/features/checkout/pages/OrderFailed.tsx')).default,
};

const settle = async () => {
  await act(async () => {
    for (let i = 0; i < 30; i++) await Promise.resolve();
  });
};

let go: (to: string) => void = () => {};
let where = '';
function Probe() {
  const navigate = useNavigate();
  const location = useLocation();
  go = navigate;
  where = location.pathname + location.search;
  return null;
}

function renderCheckout(services: ReturnType<typeof servicesForPath>['services']) {
  const leave = vi.fn();
  const funnel = createFunnel(services, { leave });
  funnel.subscribe(() => {});
  const view = render(
    <MemoryRouter initialEntries={['/']}>
      <ToastProvider>
        <FunnelProvider funnel={funnel}>
          <Probe />
          <Routes>
            <Route path="/" element={<p>Home</p>} />
            <Route path="/cart" element={<p>Cart page</p>} />
            <Route path="/select-address" element={<pages.SelectAddress />} />
            <Route path="/add-new-address" element={<pages.AddNewAddress />} />
            <Route path="/order-confirmation" element={<pages.OrderConfirmation />} />
            <Route path="/payment" element={<pages.Payment />} />
            <Route path="/retry-payment" element={<pages.Payment />} />
            <Route path="/pending-payment" element={<pages.PendingPayment />} />
            <Route path="/order-successfull/:orderId" element={<pages.OrderSuccess />} />
            <Route path="/order-failed/:orderId" element={<pages.OrderFailed />} />
          </Routes>
        </FunnelProvider>
      </ToastProvider>
    </MemoryRouter>,
  );
  return { view, funnel, leave };
}

const click = (name: RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Does, on the page, what one model event means. */
async function perform(funnel: ReturnType<typeof createFunnel>, event: FunnelEvent) {
  await act(async () => {
    switch (event.type) {
      case 'VIEW_CART':
      case 'BEGIN_CHECKOUT':
        // The cart page's moves: it shows the cart, then starts checkout and opens the address step.
        if (event.type === 'VIEW_CART') go('/cart');
        funnel.send(event);
        if (event.type === 'BEGIN_CHECKOUT') go('/select-address');
        break;
      case 'SELECT_ADDRESS':
        fireEvent.click(within(screen.getByRole('list', { name: 'Saved addresses' })).getAllByRole('radio')[0]);
        break;
      case 'DELIVER_HERE':
        click(/Deliver here/);
        break;
      case 'ADD_ADDRESS':
        click(/Add new address/);
        break;
      case 'ADDRESS_SAVED':
        type(/Full name/, 'Asha Rao');
        type(/Mobile number/, '9123456789');
        type(/Pincode/, '560001');
        type(/^Address/, '12 MG Road, Shanthala Nagar');
        break;
      case 'CANCEL_ADD_ADDRESS':
        click(/^Cancel$/);
        break;
      case 'CHANGE_ADDRESS':
        if (screen.queryByRole('button', { name: /Change address/ })) click(/Change address/);
        // Without the button (still loading or failed), the browser's Back to the address page.
        else go('/select-address');
        break;
      case 'PLACE_ORDER':
        click(/Place order/);
        break;
      case 'SELECT_METHOD':
        fireEvent.click(screen.getByRole('radio', { name: event.payment_method === 4 ? 'Pay on delivery' : 'UPI' }));
        break;
      case 'PAY':
        click(/^Pay |Place order \(pay on delivery\)/);
        break;
      case 'CONFIRM_ORDER':
        go(`/order-successfull/${event.order_id}`);
        break;
      case 'PAYMENT_FAILED':
        go(`/order-failed/${event.order_id}`);
        break;
      case 'PAYMENT_PENDING':
        go(`/pending-payment?orderId=${event.order_id}`);
        break;
      case 'RETRY':
        click(/Retry payment/);
        break;
      case 'RELOAD':
        click(/Try again|Check again/);
        break;
      case 'OPEN_PAYMENT':
        // A reload: the payment page's first word to a funnel read back from storage (src/features/checkout/
        // funnel.test.ts restores one for real); the page cannot be reloaded inside this harness.
        if (event.resumed) {
          funnel.send(event);
          break;
        }
        // SPEC §4.7: the payment page opened (a link, a new tab, My Orders), or shown again by Back from the
        // gateway: the same page from the back-forward cache tells it with a persisted pageshow.
        if (/^\/(payment|retry-payment)/.test(where)) {
          const shown = new Event('pageshow');
          Object.defineProperty(shown, 'persisted', { value: true });
          window.dispatchEvent(shown);
        } else go(event.order_id ? `/payment?orderId=${event.order_id}` : '/payment');
        break;
      default:
        throw new Error(`the pages have no move for ${event.type}`);
    }
  });
  if (event.type === 'ADDRESS_SAVED') {
    await settle();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Save address/ }));
    });
  }
  await settle();
}

/** What each state must show. */
function expectStateShown(funnel: ReturnType<typeof createFunnel>) {
  const s = funnel.getSnapshot();
  const step = document.querySelector<HTMLElement>('[data-testid="checkout-step"]')?.dataset.state ?? null;
  const route = funnelRoute(s);
  if (route) expect(where).toBe(route);
  if (s.matches('cart') || s.matches('cartChanged') || s.matches('emptyCart')) expect(screen.getByText('Cart page')).toBeInTheDocument();
  else if (s.matches({ checkout: 'choosing' }) || s.matches({ checkout: 'delivering' })) {
    expect(step).toBe('address');
    expect(screen.getByRole('button', { name: /Deliver here|Please wait/ })).toBeInTheDocument();
    if (s.matches({ checkout: 'delivering' }))
      expect(screen.getByRole('button', { name: /Please wait/ })).toHaveAttribute('aria-busy', 'true');
    // SPEC: an address we cannot deliver to says so and cannot be chosen.
    expect(screen.getByText('We do not deliver to this pincode yet')).toBeInTheDocument();
  } else if (s.matches({ checkout: 'adding' })) expect(step).toBe('add-address');
  else if (s.matches({ checkout: 'loadFailed' })) expect(step).toBe('address-error');
  else if (s.matches({ orderConfirmation: 'ready' }) || s.matches({ orderConfirmation: 'placing' })) {
    expect(step).toBe('confirmation');
    expect(screen.getByTestId('confirm-address')).toHaveTextContent('560001');
    // INR grouping, no decimals.
    expect(screen.getByRole('button', { name: /Place order|Placing/ })).toHaveTextContent(/₹2,799|Placing/);
  } else if (s.matches({ orderConfirmation: 'loadFailed' })) expect(step).toBe('confirmation-error');
  else if (s.matches({ payment: 'choosing' }) || s.matches({ payment: 'paying' })) {
    expect(step).toBe(s.context.flow === 'direct' ? 'payment' : 'retry-payment');
    for (const name of ['UPI', 'Debit & Credit Cards', 'Net Banking', 'Wallets', 'Pay on delivery'])
      expect(screen.getByRole('radio', { name })).toBeInTheDocument();
  } else if (s.matches({ payment: 'loadFailed' })) expect(step).toBe('payment-error');
  else if (s.matches('pending')) expect(step).toBe('pending');
  else if (s.matches('purchased')) {
    expect(step).toBe('success');
    expect(screen.getByTestId('order-id')).toHaveTextContent(ORDER_ID);
  } else if (s.matches('confirmFailed')) expect(step).toBe('success-error');
  else if (s.matches({ failed: 'shown' })) {
    expect(step).toBe('failed');
    expect(screen.getByRole('alert')).toHaveTextContent('Declined by the bank');
  } else if (s.matches({ failed: 'loadFailed' })) expect(step).toBe('failed-error');
  else if (s.matches('closed')) {
    // Nothing to pay: the page says why and where to go, never a page that waits.
    expect(step).toBe('payment-closed');
    expect(screen.getByRole('link', { name: /View order|My Orders/ })).toBeInTheDocument();
    if (s.context.paymentState) expect(screen.getByRole('status')).toHaveTextContent(s.context.paymentState.message);
  } else if (s.matches('recoverFailed')) expect(step).toBe('payment-error');
  else if (s.hasTag('busy') && !s.matches('redirecting')) expect(screen.getAllByRole('status').length).toBeGreaterThan(0);
}

describe('checkout pages: every shortest path of the checkout funnel', () => {
  const paths = funnelPaths();
  test.each(paths.map((p) => [describePath(p.steps as never) || '(start)', p] as const))('%s', async (_name, path) => {
    const { services, unanswered } = servicesForPath(path.steps as never);
    const { funnel, leave, view } = renderCheckout(services);
    await settle();
    for (const step of path.steps) {
      if ((step.event.type as string) === 'xstate.init' || isServiceStep(step.event.type)) continue;
      await perform(funnel, step.event as FunnelEvent);
    }
    await settle();
    expect(funnel.getSnapshot().value).toEqual(path.state.value);
    expect(unanswered()).toBe(0);
    expectStateShown(funnel);
    if (path.state.value === 'redirecting') expect(leave).toHaveBeenCalledWith(ANSWERS.transaction.redirect);
    view.unmount();
    funnel.stop();
  });
});
