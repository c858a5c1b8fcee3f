// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setStrictValidation } from '../../../../events/index.ts';
import { analytics, startAnalytics } from '../../../../providers/index.ts';
import { createHarness, item, MemoryStorage } from '../../../../tests/helpers/provider-harness.ts';
import { AnalyticsDebug } from './AnalyticsDebug.tsx';
import { DEBUG_KEY, debugRequested } from '../debug-flag.ts';
import DebugOverlay, { filterRecords } from './DebugOverlay.tsx';

vi.mock('../../../api/client.ts', () => ({
  get: vi.fn(async () => ({
    status: 1,
    message: 'Success',
    data: {
      from: '2025-11-01',
      to: '2025-11-30',
      steps: [
        {
          step: 1,
          event_name: 'ViewCart',
          label: 'Cart view',
          sessions: 4,
          sessions_any_order: 4,
          events: 5,
          conversion_from_previous: null,
        },
        {
          step: 2,
          event_name: 'InitiateCheckout',
          label: 'Begin checkout',
          sessions: 2,
          sessions_any_order: 3,
          events: 4,
          conversion_from_previous: 0.5,
        },
        {
          step: 3,
          event_name: 'OrderConfirmation',
          label: 'Order confirmation',
          sessions: 1,
          sessions_any_order: 2,
          events: 2,
          conversion_from_previous: 0.5,
        },
        {
          step: 4,
          event_name: 'PaymentInitiated',
          label: 'Payment view',
          sessions: 1,
          sessions_any_order: 1,
          events: 1,
          conversion_from_previous: 1,
        },
        {
          step: 5,
          event_name: 'AddPaymentInfo',
          label: 'Add payment info',
          sessions: 1,
          sessions_any_order: 1,
          events: 1,
          conversion_from_previous: 1,
        },
      ],
      purchases: { sessions: 1, events: 1 },
      out_of_order_sessions: 2,
    },
  })),
}));

beforeEach(() => setStrictValidation(true));

describe('?debug=events', () => {
  test('turns debugging on for the session, and ?debug=off turns it off', () => {
    const session = new MemoryStorage();
    expect(debugRequested('', session)).toBe(false);
    expect(debugRequested('?debug=events', session)).toBe(true);
    expect(session.getItem(DEBUG_KEY)).toBe('events');
    expect(debugRequested('?q=whey', session)).toBe(true);
    expect(debugRequested('?debug=off', session)).toBe(false);
    expect(debugRequested('', session)).toBe(false);
  });

  test('without the flag the overlay is not rendered (nor its chunk loaded)', () => {
    sessionStorage.clear();
    const h = startAnalytics({ isBrowser: () => true });
    const { container } = render(<AnalyticsDebug />);
    expect(container).toBeEmptyDOMElement();
    h.stop();
  });

  test('with the flag the overlay is loaded lazily and lists events', async () => {
    window.history.replaceState(null, '', '/?debug=events');
    const h = startAnalytics({ isBrowser: () => true, providers: () => [] });
    render(<AnalyticsDebug />);
    const trigger = await screen.findByRole('button', { name: /Events \(/ });
    expect(analytics()?.pipeline).toBe(h.pipeline);
    expect(trigger).toBeInTheDocument();
    h.stop();
    window.history.replaceState(null, '', '/');
    sessionStorage.clear();
  });
});

describe('debug overlay', () => {
  test('shows each event with every provider payload or the suppression reason; filters; copies JSON', async () => {
    const h = createHarness();
    h.pipeline.startDebug(50);
    h.emit({ name: 'add_to_cart', item: item(), origin: 'pdp' });
    h.emit({ name: 'view_cart', items: [], value: 0 }, { url: '/cart' });
    const user = userEvent.setup();
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<DebugOverlay pipeline={h.pipeline} defaultOpen />);
    const dialog = await screen.findByRole('dialog');
    const list = within(dialog).getByRole('list', { name: 'Events' });
    expect(within(list).getByText('add_to_cart')).toBeInTheDocument();
    expect(within(list).getByText(/Suppressed: cart has no items/)).toBeInTheDocument();
    expect(within(list).getByText('affiliate: not reported by this provider')).toBeInTheDocument();
    expect(within(list).getByText('social_pixel: sent')).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Event'), 'add_to_cart');
    expect(within(list).queryByText(/Suppressed/)).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Provider'), 'social_pixel');
    expect(within(list).queryByText(/data_layer/)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Copy as JSON' }));
    const copied = JSON.parse(writeText.mock.calls[0][0] as string);
    expect(copied).toHaveLength(1);
    expect(copied[0].outcomes).toEqual([{ provider: 'social_pixel', payload: expect.objectContaining({ name: 'AddToCart' }) }]);
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    h.stop();
  });

  test('a payload that breaks its vendor’s format is marked with the field and the rule', async () => {
    const h = createHarness();
    h.pipeline.startDebug(50);
    // A promotion seen without its items: GA4 requires items on view_promotion.
    h.emit({ name: 'view_promotion', promotion: { section: 'banner_web' } });
    render(<DebugOverlay pipeline={h.pipeline} defaultOpen />);
    const list = within(await screen.findByRole('dialog')).getByRole('list', { name: 'Events' });
    expect(within(list).getByText(/data_layer: sent — fails the vendor's format \(1\)/)).toBeInTheDocument();
    expect(within(list).getByText('ecommerce.items: at least one item')).toBeInTheDocument();
    expect(within(list).queryByText(/social_pixel: .*fails/)).not.toBeInTheDocument();
    h.stop();
  });

  test('filterRecords keeps suppressed events under a provider filter', () => {
    const records = [
      {
        event_id: '1',
        name: 'view_cart',
        at: 0,
        event: { name: 'page_view' as const },
        consent: null,
        suppressed: 'cart has no items',
        outcomes: [],
      },
    ];
    expect(filterRecords(records, 'data_layer', 'all')).toHaveLength(1);
  });
});

describe('funnel page', () => {
  test('shows step counts, step-to-step conversion and the out-of-order sessions', async () => {
    const { default: FunnelPage } = await import('./FunnelPage.tsx');
    render(<FunnelPage />);
    const table = await screen.findByRole('table', { name: 'Sessions per funnel step' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('1. Cart view4—45');
    expect(rows[2]).toHaveTextContent('2. Begin checkout250.0%34');
    expect(rows[6]).toHaveTextContent('Purchase1');
    expect(screen.getByText(/out of order or skipped: 2/)).toBeInTheDocument();
  });
});
