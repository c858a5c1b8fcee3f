import type { InternalAxiosRequestConfig } from 'axios';
import { http } from './http.ts';

// SPEC §7: every call carries an x-request-id header, a new one per request, so one call can be followed through
// the server's log and the console's audit trail.

test('each request gets its own x-request-id', async () => {
  const seen: string[] = [];
  const adapter = async (config: InternalAxiosRequestConfig) => {
    seen.push(String(config.headers.get('x-request-id')));
    return { data: { status: 1, message: '', data: null }, status: 200, statusText: 'OK', headers: {}, config };
  };
  await http.get('/api/ping', { adapter });
  await http.post('/api/cart/add-to-cart', { variant_id: 1 }, { adapter });
  expect(seen).toHaveLength(2);
  for (const id of seen) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect(seen[0]).not.toBe(seen[1]);
});
