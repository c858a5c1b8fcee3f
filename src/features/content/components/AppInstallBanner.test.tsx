// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { startTransition } from 'react';
import { http } from '../../../api/http.ts';
import { AppInstallBanner } from './AppInstallBanner.tsx';

// The banner is decided after hydration on every page; its links apply as a transition, so it never adds a long
// task to a page's start. startTransition passes through to React's own.
vi.mock('react', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react')>();
  return { ...actual, startTransition: vi.fn(actual.startTransition) };
});

afterEach(() => vi.restoreAllMocks());

test('the app links that arrive apply as a transition, and show the banner on a phone', async () => {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Linux; Android 14) Mobile');
  vi.spyOn(http, 'request').mockResolvedValue({
    status: 200,
    data: { status: 1, message: '', data: { ios: 'https://apps.example/ios', android: 'https://apps.example/android' } },
    headers: {},
    config: {},
  } as never);
  const transitions = vi.mocked(startTransition);
  transitions.mockClear();
  render(<AppInstallBanner />);
  await act(async () => {});
  expect(screen.getByRole('link', { name: 'Get it on Google Play' })).toBeInTheDocument();
  expect(transitions).toHaveBeenCalledTimes(1);
});
