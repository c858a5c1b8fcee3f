// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router-dom';
import { http } from './http.ts';
import { startTransition } from 'react';
import { AuthProvider, useAuth } from './auth.tsx';

// Which session answers apply as a transition (passing through to React's own).
vi.mock('react', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react')>();
  return { ...actual, startTransition: vi.fn(actual.startTransition) };
});

function Probe() {
  const { isAuthenticated, loading, user, refresh } = useAuth();
  return (
    <p data-testid="probe">
      {`${loading ? 'loading' : 'ready'}:${isAuthenticated ? 'in' : 'out'}:${user?.customer_email ?? '-'}`}
      <Link to="/b">go</Link>
      <button type="button" onClick={() => void refresh()}>
        refresh
      </button>
    </p>
  );
}

const user = {
  customer_id: 1,
  customer_name: 'Demo Shopper',
  customer_first_name: 'Demo',
  customer_email: 'demo@kasrat.test',
  customer_mobile: '9876543210',
  customer_c_code: '+91',
  is_complete_profile: true,
  last_order: null,
  cart_journey: 'browse',
};

function renderApp() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthProvider>
            <Outlet />
          </AuthProvider>
        ),
        children: [
          { path: '/a', element: <Probe /> },
          { path: '/b', element: <Probe /> },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  return render(<RouterProvider router={router} />);
}

describe('authentication context (SPEC §3, §4)', () => {
  afterEach(() => vi.restoreAllMocks());

  test('starts signed out and loading, then takes the ping answer; re-fetches on route change', async () => {
    const calls: string[] = [];
    let signedIn = false;
    vi.spyOn(http, 'request').mockImplementation(async (config) => {
      calls.push(config.url ?? '');
      return {
        data: { status: 1, message: '', data: signedIn ? user : null, cart_journey: 'browse' },
        status: 200,
        statusText: 'OK',
        headers: {},
        config,
      } as never;
    });
    renderApp();
    expect(screen.getByTestId('probe').textContent).toMatch(/^loading:out:-/);
    await act(async () => {});
    expect(screen.getByTestId('probe').textContent).toMatch(/^ready:out:-/);
    signedIn = true;
    await act(async () => screen.getByText('go').click());
    expect(screen.getByTestId('probe').textContent).toMatch(/^ready:in:demo@kasrat.test/);
    expect(calls.filter((u) => u === '/api/ping')).toHaveLength(2);
  });

  test("a route change's ping applies as a transition; a refresh someone asked for applies at once", async () => {
    let signedIn = false;
    vi.spyOn(http, 'request').mockImplementation(
      async (config) =>
        ({
          data: { status: 1, message: '', data: signedIn ? user : null, cart_journey: 'browse' },
          status: 200,
          statusText: 'OK',
          headers: {},
          config,
        }) as never,
    );
    const transitions = vi.mocked(startTransition);
    transitions.mockClear();
    renderApp();
    await act(async () => {});
    expect(screen.getByTestId('probe').textContent).toMatch(/^ready:out:-/);
    expect(transitions).toHaveBeenCalledTimes(1);
    signedIn = true;
    await act(async () => screen.getByText('refresh').click());
    expect(screen.getByTestId('probe').textContent).toMatch(/^ready:in:demo@kasrat.test/);
    expect(transitions).toHaveBeenCalledTimes(1);
  });

  test('a failed ping leaves the user signed out', async () => {
    vi.spyOn(http, 'request').mockRejectedValue(Object.assign(new Error('down'), { code: 'ERR_NETWORK' }));
    renderApp();
    await act(async () => {});
    expect(screen.getByTestId('probe').textContent).toMatch(/^ready:out:-/);
  });
});
