// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router-dom';
import { http } from '../../api/http.ts';
import { AuthProvider, useAuth } from './AuthContext.tsx';

function Probe() {
  const { isAuthenticated, loading, user } = useAuth();
  return (
    <p data-testid="probe">
      {`${loading ? 'loading' : 'ready'}:${isAuthenticated ? 'in' : 'out'}:${user?.customer_email ?? '-'}`}
      <Link to="/b">go</Link>
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

  test('a failed ping leaves the user signed out', async () => {
    vi.spyOn(http, 'request').mockRejectedValue(Object.assign(new Error('down'), { code: 'ERR_NETWORK' }));
    renderApp();
    await act(async () => {});
    expect(screen.getByTestId('probe').textContent).toMatch(/^ready:out:-/);
  });
});
