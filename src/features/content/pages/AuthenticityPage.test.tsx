// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter } from 'react-router-dom';
import { http } from '../../../api/http.ts';
import AuthenticityPage from './AuthenticityPage.tsx';

// SPEC §4 brand list store on the real /authenticity page: a failure stores the server's message and stops
// loading; a list with at least one brand loads the first brand's certificate by itself.

let requested: string[] = [];
const answering = (brands: 'fail' | 'ok') => async (config: InternalAxiosRequestConfig) => {
  const url = config.url ?? '';
  requested.push(url);
  if (url.startsWith('/api/authenticity/brand-list')) {
    if (brands === 'fail') {
      const response = {
        data: { status: 0, message: 'Brand list is unavailable right now', data: null },
        status: 503,
        statusText: '',
        headers: {},
        config,
      };
      throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, null, response);
    }
    return {
      data: { status: 1, message: '', data: [{ brand_id: 4, name: 'Optimum Nutrition', slug: 'on' }] },
      status: 200,
      statusText: '',
      headers: {},
      config,
    };
  }
  return { data: { status: 1, message: '', data: { brand_id: 4, certificates: [] } }, status: 200, statusText: '', headers: {}, config };
};

beforeEach(() => {
  requested = [];
});
afterEach(() => {
  http.defaults.adapter = undefined;
});

test('a failed brand list shows its message, stops loading, and asks for no certificate', async () => {
  http.defaults.adapter = answering('fail');
  render(
    <MemoryRouter>
      <AuthenticityPage />
    </MemoryRouter>,
  );
  expect(await screen.findByText('Brand list is unavailable right now')).toHaveAttribute('role', 'alert');
  // Loading stopped: no skeleton is left in the brands section.
  const section = screen.getByRole('heading', { name: 'Brand certificates' }).closest('section');
  expect(section?.querySelector('span[aria-hidden="true"]')).toBeNull();
  expect(screen.queryByRole('list', { name: 'Brands' })).toBeNull();
  expect(requested.some((u) => u.includes('brand-certificate'))).toBe(false);
});

test('a brand list with a brand loads the first brand certificate by itself', async () => {
  http.defaults.adapter = answering('ok');
  render(
    <MemoryRouter>
      <AuthenticityPage />
    </MemoryRouter>,
  );
  // The list renders first; the first brand is chosen by the effect that follows it.
  const first = await screen.findByRole('button', { name: 'Optimum Nutrition' });
  await waitFor(() => expect(first).toHaveAttribute('aria-pressed', 'true'));
  await waitFor(() => expect(requested).toContain('/api/authenticity/brand-certificate?b_id=4'));
});
