// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { post } from '../../../api/client.ts';
import LogoutPage from './Logout.tsx';

// Sign-out only by the shopper (README "Security"): a link from another site opens /logout as a new document and
// must not end the session by itself; the store's own navigation to it signs out at once.

vi.mock('../../../api/client.ts', () => ({ post: vi.fn(async () => ({ status: 1, message: 'Logged out' })) }));

function open(entries: string[]) {
  const router = createMemoryRouter(
    [
      { path: '/logout', element: <LogoutPage /> },
      { path: '/', element: <p>home</p> },
    ],
    {
      initialEntries: entries,
      initialIndex: entries.length - 1,
    },
  );
  return render(<RouterProvider router={router} />);
}

describe('/logout', () => {
  afterEach(() => vi.mocked(post).mockClear());

  test('opened as a new document (a link from elsewhere), it asks and signs out only on the button', async () => {
    open(['/logout']);
    expect(screen.getByRole('heading').textContent).toBe('Log out of Kasrat?');
    await new Promise((r) => setTimeout(r, 0));
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe('You have been logged out'));
    expect(post).toHaveBeenCalledWith('/api/logout/logout-operation', {});
  });

  test("reached from the store's own page, it signs out at once", async () => {
    open(['/', '/logout']);
    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe('You have been logged out'));
    expect(post).toHaveBeenCalledTimes(1);
  });
});
