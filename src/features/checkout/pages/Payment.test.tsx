// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { CatalogueEvent } from '../../../../events/index.ts';
import type { SavedCardView } from '../../../../schemas/payment.ts';
import { CARD_NETWORKS } from '../../../../schemas/payment-rules.ts';
import { ANSWERS, CART_ITEMS, servicesForPath } from '../../../../tests/helpers/checkout-model.ts';
import { ToastProvider } from '../../../ui/Toast.tsx';

// The payment page's saved cards (docs/decisions/024-saved-cards.md) and its SPEC §4 payment events: the card
// method names the accepted networks; saved cards show network, last four and expiry; choosing one reports the
// stored card and pays with it; removing one asks first, then drops it from the list.

const CARDS: SavedCardView[] = [
  { id: 7, network: 'VISA', last4: '1111', expiry_month: 9, expiry_year: 2031 },
  { id: 8, network: 'RuPay', last4: '0009', expiry_month: 1, expiry_year: 2030 },
];
const api = vi.hoisted(() => ({
  savedCards: vi.fn(),
  deleteSavedCard: vi.fn(),
}));
vi.mock('../api.ts', async (original) => {
  const real = await original<typeof import('../api.ts')>();
  return {
    ...real,
    checkoutApi: {
      ...real.checkoutApi,
      offerList: vi.fn(async () => ({
        status: 1,
        message: 'ok',
        data: { amount: 0, offers: [], best: null, total: ANSWERS.methods.amount, payable: ANSWERS.methods.amount, methods: [] },
      })),
      savedCards: api.savedCards,
      deleteSavedCard: api.deleteSavedCard,
    },
  };
});
const reported: CatalogueEvent[] = [];
vi.mock('../../../../events/index.ts', async (original) => {
  const real = await original<typeof import('../../../../events/index.ts')>();
  return { ...real, emit: (e: CatalogueEvent) => void reported.push(e) };
});

const { createFunnel, FunnelProvider } = await import('../funnel.tsx');
const PaymentPage = (await import('./Payment.tsx')).default;

const settle = () =>
  act(async () => {
    for (let i = 0; i < 30; i++) await Promise.resolve();
  });

async function openPayment() {
  const { services } = servicesForPath([]);
  const startTransaction = vi.fn(async () => ANSWERS.transaction);
  const funnel = createFunnel(
    {
      ...services,
      loadAddresses: async () => ANSWERS.addresses,
      deliverHere: async () => ANSWERS.deliverHere,
      loadOrderDetails: async () => ANSWERS.details,
      placeOrder: async () => ANSWERS.placed,
      // The server names the accepted networks as the card method's options (SPEC §1).
      loadPaymentMethods: async () => ({
        ...ANSWERS.methods,
        methods: ANSWERS.methods.methods.map((m) => (m.code === 2 ? { ...m, options: [...CARD_NETWORKS] } : m)),
      }),
      startTransaction,
    },
    { leave: vi.fn() },
  );
  funnel.send({ type: 'VIEW_CART', items: CART_ITEMS, value: 279_900, quote: 'q' });
  funnel.send({ type: 'BEGIN_CHECKOUT' });
  await settle();
  funnel.send({ type: 'DELIVER_HERE' });
  await settle();
  funnel.send({ type: 'PLACE_ORDER' });
  await settle();
  render(
    <MemoryRouter initialEntries={['/payment']}>
      <ToastProvider>
        <FunnelProvider funnel={funnel}>
          <Routes>
            <Route path="/payment" element={<PaymentPage />} />
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
        </FunnelProvider>
      </ToastProvider>
    </MemoryRouter>,
  );
  await settle();
  return { funnel, startTransaction };
}

beforeEach(() => {
  reported.length = 0;
  api.savedCards.mockResolvedValue({ status: 1, message: 'ok', data: CARDS });
  api.deleteSavedCard.mockResolvedValue({ status: 1, message: 'Card removed', data: [CARDS[1]] });
});

test('the card method names the accepted networks and lists saved cards by network, last four and expiry', async () => {
  await openPayment();
  expect(screen.getByTestId('card-networks').textContent).toBe('We accept MasterCard, RuPay, VISA, Amex');
  fireEvent.click(screen.getByRole('radio', { name: 'Debit & Credit Cards' }));
  const rows = screen.getAllByTestId('saved-card').map((r) => r.textContent);
  expect(rows).toEqual(['VISA •••• 1111 Expires 09/31Remove', 'RuPay •••• 0009 Expires 01/30Remove']);
  expect(screen.getByRole('radio', { name: 'Pay with a new card' })).toBeChecked();
});

test('choosing a saved card reports the stored card and pays with it; the new-card entry is hidden', async () => {
  const { startTransaction } = await openPayment();
  fireEvent.click(screen.getByRole('radio', { name: 'Debit & Credit Cards' }));
  fireEvent.click(screen.getByRole('radio', { name: /RuPay •••• 0009/ }));
  await settle();
  expect(screen.queryByLabelText(/First 6 digits/)).toBeNull();
  expect(reported.filter((e) => e.name.startsWith('payment_'))).toEqual([
    expect.objectContaining({ name: 'payment_initiated' }),
    { name: 'payment_option_selected', group: 'card', path: 'direct' },
    { name: 'payment_instrument_selected', instrument: 'stored_card', option: 'RuPay', path: 'direct' },
  ]);
  fireEvent.click(screen.getByRole('button', { name: /^Pay / }));
  await settle();
  expect(startTransaction).toHaveBeenCalledWith(expect.objectContaining({ payment_method: 2, saved_card_id: 8, retry: false }));
});

test('removing a card asks first; keeping it changes nothing; removing it drops it from the list', async () => {
  await openPayment();
  fireEvent.click(screen.getByRole('radio', { name: 'Debit & Credit Cards' }));
  fireEvent.click(screen.getByRole('button', { name: 'Remove VISA •••• 1111' }));
  const dialog = screen.getByRole('alertdialog', { name: 'Remove this card?' });
  expect(document.body).toHaveClass('fixed-scroll');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Keep card' }));
  expect(screen.queryByRole('alertdialog')).toBeNull();
  expect(document.body).not.toHaveClass('fixed-scroll');
  expect(api.deleteSavedCard).not.toHaveBeenCalled();

  fireEvent.click(screen.getByRole('button', { name: 'Remove VISA •••• 1111' }));
  fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove card' }));
  await settle();
  expect(api.deleteSavedCard).toHaveBeenCalledWith(7);
  expect(screen.queryByRole('alertdialog')).toBeNull();
  expect(screen.getAllByTestId('saved-card').map((r) => r.textContent)).toEqual(['RuPay •••• 0009 Expires 01/30Remove']);
  expect(screen.getByRole('status').textContent).toContain('Card removed');
});

test('a removal the server refuses keeps the card and says why', async () => {
  api.deleteSavedCard.mockRejectedValue({
    response: { status: 502, data: { message: 'The card could not be removed right now. Please try again.' } },
  });
  await openPayment();
  fireEvent.click(screen.getByRole('radio', { name: 'Debit & Credit Cards' }));
  fireEvent.click(screen.getByRole('button', { name: 'Remove VISA •••• 1111' }));
  fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove card' }));
  await settle();
  expect(screen.getAllByTestId('saved-card')).toHaveLength(2);
  expect(screen.getByRole('alertdialog')).toBeTruthy();
  expect(document.body.textContent).toContain('The card could not be removed right now. Please try again.');
});
