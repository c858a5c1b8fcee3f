// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { startTransition } from 'react';
import { reviewsApi } from '../api.ts';
import { ReviewFeed } from './ReviewFeed.tsx';

// A page of reviews applies as a transition: on the product page it arrives while the page is still starting, and
// React then draws it in slices instead of one long task. startTransition passes through to React's own.
vi.mock('react', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react')>();
  return { ...actual, startTransition: vi.fn(actual.startTransition) };
});

afterEach(() => vi.restoreAllMocks());

test('the page of reviews that arrives applies as a transition, and is shown', async () => {
  vi.spyOn(reviewsApi, 'list').mockResolvedValue({ reviews: [], carousel: [], has_next: false, page: 1, vote_map: {} } as never);
  const transitions = vi.mocked(startTransition);
  transitions.mockClear();
  render(<ReviewFeed scope={{ kind: 'product', id: 3 }} compact />);
  await act(async () => {});
  expect(screen.getByText('No reviews yet.')).toBeInTheDocument();
  expect(transitions).toHaveBeenCalledTimes(1);
});
