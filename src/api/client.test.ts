import { AxiosError, AxiosHeaders } from 'axios';
import { normaliseError } from './client.ts';
import { redirectFor } from './quiet-calls.ts';

const axiosError = (status: number | null, data?: unknown, code?: string) => {
  const config = { headers: new AxiosHeaders() };
  const response = status === null ? undefined : { status, data, statusText: '', headers: {}, config };
  return new AxiosError('boom', code, config, null, response as never);
};

describe('normaliseError (SPEC §8)', () => {
  test('uses the server message and status', () => {
    expect(normaliseError(axiosError(422, { status: 0, message: 'Coupon expired' }))).toEqual({
      response: { data: { message: 'Coupon expired' }, status: 422 },
      message: 'Coupon expired',
    });
  });
  test('carries exists from the body or its data', () => {
    expect(normaliseError(axiosError(400, { message: 'x', data: { exists: true } })).response.data.exists).toBe(true);
    expect(normaliseError(axiosError(400, { message: 'x', exists: false })).response.data.exists).toBe(false);
  });
  test("keeps a 4xx's data (a stale edit's 409 carries the current values), never a 5xx's", () => {
    const current = { code: 'SAVE10', version: 2 };
    expect(normaliseError(axiosError(409, { message: 'stale', data: { current, changed: ['value'] } })).response.data.data).toEqual({
      current,
      changed: ['value'],
    });
    expect(normaliseError(axiosError(500, { message: 'x', data: { stack: 'at …' } })).response.data.data).toBeUndefined();
  });
  test('status defaults to 500 and the message to the generic or network error', () => {
    const network = normaliseError(axiosError(null, undefined, 'ERR_NETWORK'));
    expect(network.response.status).toBe(500);
    expect(network.message).toMatch(/internet/);
    expect(normaliseError(new Error('weird')).response.status).toBe(500);
    expect(normaliseError(axiosError(503, '<html>')).message).toBe('Something went wrong. Please try again.');
  });
});

describe('redirectFor (SPEC §2, §6, §8)', () => {
  test.each([
    [401, '/api/myAccount/get-profile-values', {}, '/my-account?sf=true'],
    [401, '/api/cart/wish-list', {}, null],
    [404, '/api/product-details/product-detail-page', {}, '/notFound'],
    [404, '/api/product-details/product-detail-page', { inSection: true }, '/notFound'],
    [404, '/api/review/v1/product-aggregate?product_id=1', { inSection: true }, null],
    [404, '/api/review/v1/product-aggregate?product_id=1', {}, '/notFound'],
    [409, '/api/order-confirmation/order-details', {}, '/cart'],
    [409, '/api/cart/update-cart', {}, null],
    [500, '/api/anything', {}, null],
  ])('%i on %s goes to %s', (status, url, opts, expected) => {
    expect(redirectFor(status, url, opts)).toBe(expected);
  });
});
