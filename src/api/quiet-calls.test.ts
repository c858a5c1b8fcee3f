import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { get, type NormalisedError, setNavigator } from './client.ts';
import { QUIET_CALLS, quietCall } from './quiet-calls.ts';

// SPEC §2 / §8: any 401 goes to /my-account?sf=true and any 404 to /notFound, except the calls listed in
// src/api/quiet-calls.ts. Each case goes through the client itself with an HTTP adapter answering the status.

const navigations: string[] = [];
beforeEach(() => {
  navigations.length = 0;
  setNavigator((to) => navigations.push(to));
});

// An adapter settles the answer itself: an error status rejects, as axios's own adapters do.
const answering = (status: number) => async (config: InternalAxiosRequestConfig) => {
  const response = { data: { status: 0, message: `answered ${status}`, data: null }, status, statusText: '', headers: {}, config };
  throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, null, response);
};

/** Calls `url` answering `status`; the normalised error it throws. */
async function call(url: string, status: number, inSection = false): Promise<NormalisedError> {
  try {
    await get(url, { adapter: answering(status), inSection });
  } catch (error) {
    return error as NormalisedError;
  }
  throw new Error(`${url} did not fail`);
}

/** A concrete URL of a listed path (a path under a folder entry, a query string on the rest). */
const urlOf = (path: string) => (path.endsWith('/') ? `${path}some/call?x=1` : `${path}?x=1`);

describe('the calls listed in src/api/quiet-calls.ts', () => {
  test('no path is listed twice', () => {
    expect(new Set(QUIET_CALLS.map((c) => c.path)).size).toBe(QUIET_CALLS.length);
  });

  test.each(QUIET_CALLS.map((c) => [c.path, c] as const))('%s: only what the list says stays', async (_path, c) => {
    const url = urlOf(c.path);
    const e401 = await call(url, 401);
    expect(navigations).toEqual(c.on401 ? [] : ['/my-account?sf=true']);
    expect(e401.response.status).toBe(401);
    expect(e401.message).toBe('answered 401');
    if (c.on401 === 'blank') expect(e401.response.data.message).toBe('');
    else expect(e401.response.data.message).toBe('answered 401');

    navigations.length = 0;
    await call(url, 404);
    expect(navigations).toEqual(c.on404 === 'stay' ? [] : ['/notFound']);
    navigations.length = 0;
    await call(url, 404, true);
    expect(navigations).toEqual(c.on404 === 'stay' || c.on404 === 'section' ? [] : ['/notFound']);
  });
});

describe('an unlisted call', () => {
  test.each([
    '/api/myAccount/get-profile-values',
    '/api/cart/cart-list',
    '/api/auth/public-key',
    '/api/review/v1/brand-review-list?brand_id=1',
  ])('%s goes to sign-in on 401 and to /notFound on 404, even when it says it fills a section', async (url) => {
    expect(quietCall(url)).toBeUndefined();
    await call(url, 401);
    await call(url, 404);
    await call(url, 404, true);
    expect(navigations).toEqual(['/my-account?sf=true', '/notFound', '/notFound']);
  });

  test('a listed path does not cover its neighbours: /api/auth/otp lists neither /api/auth/otpx nor a path under it', () => {
    expect(quietCall('/api/auth/otp')).toBeDefined();
    expect(quietCall('/api/auth/otpx')).toBeUndefined();
    expect(quietCall('/api/ops')).toBeUndefined();
    expect(quietCall('/api/ops/orders?page=2')?.path).toBe('/api/ops/');
  });
});
