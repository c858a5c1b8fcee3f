// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { ToastProvider, useToast } from './Toast.tsx';

// SPEC §8: popups go after 3 seconds unless told otherwise (the login error's 5 s is OnboardingView's, tested in
// tests/model/onboarding-page.test.tsx); an error scrolls the page to the top. SPEC §4: a success shows as a toast.

function Buttons() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.show('Saved', 'success')}>
        success
      </button>
      <button type="button" onClick={() => toast.show('Could not save', 'error')}>
        error
      </button>
      <button type="button" onClick={() => toast.show('Signed in elsewhere', 'error', 5000)}>
        long
      </button>
    </>
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  window.scrollTo = vi.fn() as never;
});
afterEach(() => vi.useRealTimers());

test('a toast goes after 3 seconds; a success does not move the page', () => {
  render(
    <ToastProvider>
      <Buttons />
    </ToastProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'success' }));
  expect(screen.getByRole('status')).toHaveTextContent('Saved');
  expect(window.scrollTo).not.toHaveBeenCalled();
  act(() => vi.advanceTimersByTime(2999));
  expect(screen.queryByText('Saved')).not.toBeNull();
  act(() => vi.advanceTimersByTime(1));
  expect(screen.queryByText('Saved')).toBeNull();
});

test('an error scrolls to the top and shows as an alert; a longer duration is kept', () => {
  render(
    <ToastProvider>
      <Buttons />
    </ToastProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'error' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Could not save');
  expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  fireEvent.click(screen.getByRole('button', { name: 'long' }));
  act(() => vi.advanceTimersByTime(3000));
  expect(screen.queryByText('Could not save')).toBeNull();
  expect(screen.queryByText('Signed in elsewhere')).not.toBeNull();
  act(() => vi.advanceTimersByTime(2000));
  expect(screen.queryByText('Signed in elsewhere')).toBeNull();
});

function Leave() {
  const toast = useToast();
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => toast.show('Added to cart', 'success')}>
        add
      </button>
      <button type="button" onClick={() => navigate('/next')}>
        leave
      </button>
      <button
        type="button"
        onClick={() => {
          toast.show('Your review has been updated.', 'success');
          navigate('/next');
        }}
      >
        save and leave
      </button>
    </>
  );
}

const twoPages = () =>
  render(
    <MemoryRouter initialEntries={['/']}>
      <ToastProvider>
        <Routes>
          <Route path="/" element={<Leave />} />
          <Route path="/next" element={<p>next page</p>} />
        </Routes>
      </ToastProvider>
    </MemoryRouter>,
  );

test('a toast left on a page does not follow the shopper to the next one', () => {
  twoPages();
  fireEvent.click(screen.getByRole('button', { name: 'add' }));
  act(() => vi.advanceTimersByTime(2000));
  expect(screen.getByRole('status')).toHaveTextContent('Added to cart');
  fireEvent.click(screen.getByRole('button', { name: 'leave' }));
  expect(screen.getByText('next page')).toBeInTheDocument();
  expect(screen.queryByText('Added to cart')).toBeNull();
});

test('a toast shown by the action that opens the next page comes along to it', () => {
  twoPages();
  fireEvent.click(screen.getByRole('button', { name: 'save and leave' }));
  expect(screen.getByText('next page')).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Your review has been updated.');
});

test('toasts start below the sticky header, not over it', () => {
  const { container } = render(
    <ToastProvider>
      <header>store header</header>
      <Buttons />
    </ToastProvider>,
  );
  const header = container.querySelector('header') as HTMLElement;
  header.getBoundingClientRect = () => ({ top: 0, bottom: 112, left: 0, right: 390, width: 390, height: 112, x: 0, y: 0, toJSON() {} });
  fireEvent.click(screen.getByRole('button', { name: 'success' }));
  const region = screen.getByRole('status').parentElement as HTMLElement;
  expect(region.style.getPropertyValue('--toast-top')).toBe('112px');
});
