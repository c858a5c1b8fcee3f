import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { get, post, setNavigator, timedGet } from '../../src/api/client.ts';
import { http } from '../../src/api/http.ts';
import { catalogueApi } from '../../src/features/catalogue/index.ts';
import { checkoutApi } from '../../src/features/checkout/api.ts';
import { ordersApi } from '../../src/features/orders/api.ts';

// SPEC §7 request helpers and §8 call failures, through the app's one client with only the network faked: what
// goes out on the wire (params, headers, a JSON body, an aborted signal), which failures are reported to the error
// log, and a listing answered with no body.

let sent: InternalAxiosRequestConfig[] = [];
let reply: (config: InternalAxiosRequestConfig) => Promise<unknown> = async () => ({ status: 1, message: '', data: {} });
let navigated: string[] = [];

beforeEach(() => {
  sent = [];
  navigated = [];
  setNavigator((to) => navigated.push(to));
  http.defaults.adapter = async (config) => {
    sent.push(config);
    const data = await reply(config);
    return { data, status: 200, statusText: '', headers: {}, config };
  };
});
afterEach(() => {
  http.defaults.adapter = undefined;
  reply = async () => ({ status: 1, message: '', data: {} });
});

const header = (config: InternalAxiosRequestConfig | undefined, name: string) => config?.headers?.get?.(name) ?? null;

test('SPEC §7: a GET sends its params and headers, and every request carries x-request-id', async () => {
  await get('/api/listing/brand', { params: { slug: 'on', pn: 2 }, headers: { 'x-shopper-note': 'kept' } });
  expect(sent).toHaveLength(1);
  expect(sent[0]?.method).toBe('get');
  expect(sent[0]?.params).toEqual({ slug: 'on', pn: 2 });
  expect(http.getUri(sent[0])).toBe('/api/listing/brand?slug=on&pn=2');
  expect(header(sent[0], 'x-shopper-note')).toBe('kept');
  expect(header(sent[0], 'x-request-id')).toMatch(/\S{8,}/);
});

test('SPEC §7: a POST sends its body as JSON', async () => {
  await post('/api/cart/add-to-cart', { id: 12, quantity: 2, is_evt: true });
  expect(sent[0]?.method).toBe('post');
  expect(String(header(sent[0], 'content-type'))).toMatch(/^application\/json/);
  expect(sent[0]?.data).toBe(JSON.stringify({ id: 12, quantity: 2, is_evt: true }));
});

test('SPEC §7: the timed GET aborts its request at the timeout and answers null data', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  let signal: AbortSignal | undefined;
  http.defaults.adapter = (config) =>
    new Promise((_, reject) => {
      sent.push(config);
      signal = config.signal as AbortSignal;
      signal.addEventListener('abort', () => reject(Object.assign(new Error('canceled'), { code: 'ERR_CANCELED', __CANCEL__: true })));
    });
  const answer = await timedGet('/api/offers/limited-offer', { timeout: 30 });
  expect(answer).toEqual({ data: null });
  // The request itself was cancelled, not merely ignored.
  expect(signal?.aborted).toBe(true);
  warn.mockRestore();
});

/** Answers 401 for every call; the client's normalised error is what the page gets. */
const unauthorised = async (config: InternalAxiosRequestConfig) => {
  sent.push(config);
  throw new AxiosError('401', 'ERR_BAD_REQUEST', config, null, {
    data: { status: 0, message: 'Please sign in' },
    status: 401,
    statusText: '',
    headers: {},
    config,
  });
};

test.each([
  ['fetch-ifsc', () => ordersApi.ifsc('HDFC0000001')],
  ['order-success', () => checkoutApi.orderSuccess('KS-1001')],
])('SPEC §8: a 401 of %s is not reported to the error log (the shopper goes to sign-in)', async (_call, call) => {
  http.defaults.adapter = unauthorised;
  await expect(call()).rejects.toMatchObject({ response: { status: 401 } });
  expect(sent.map((c) => c.url?.split('?')[0])).not.toContain('/api/log-errors');
  expect(sent).toHaveLength(1);
  expect(navigated).toEqual(['/my-account?sf=true']);
});

test.each([
  ['an empty body', ''],
  ['no body at all', undefined],
  ['an envelope without data', { status: 1, message: '' }],
])('SPEC §8: a listing call answered with %s fails', async (_case, body) => {
  reply = async () => body;
  await expect(catalogueApi.listing('/api/listing/brand?slug=on')).rejects.toMatchObject({ response: { status: 500 } });
  await expect(catalogueApi.top10(null)).rejects.toMatchObject({ response: { status: 500 } });
});

test('a listing call with a body answers its data', async () => {
  reply = async () => ({ status: 1, message: '', data: { results: [], nbHits: 0 } });
  await expect(catalogueApi.listing('/api/listing/brand?slug=on')).resolves.toEqual({ results: [], nbHits: 0 });
});
