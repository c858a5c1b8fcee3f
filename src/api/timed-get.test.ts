import type { AxiosAdapter } from 'axios';
import { timedGet } from './client.ts';

// An adapter that answers after `ms`, or when the request is aborted, rejects like axios does.
const slowAdapter =
  (ms: number, data: unknown): AxiosAdapter =>
  (config) =>
    new Promise((resolve, reject) => {
      const t = setTimeout(() => resolve({ data, status: 200, statusText: 'OK', headers: {}, config }), ms);
      config.signal?.addEventListener?.('abort', () => {
        clearTimeout(t);
        reject(Object.assign(new Error('canceled'), { code: 'ERR_CANCELED', __CANCEL__: true }));
      });
    });

describe('timedGet (SPEC §7)', () => {
  test('answers within the timeout give the data', async () => {
    const res = await timedGet<{ ok: boolean }>('/api/x', { adapter: slowAdapter(10, { ok: true }), timeout: 200 });
    expect(res.data).toEqual({ ok: true });
  });
  test('a request slower than the timeout is logged and yields null data', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const started = Date.now();
    const res = await timedGet('/api/slow', { adapter: slowAdapter(5_000, { ok: true }), timeout: 50 });
    expect(res.data).toBeNull();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/api/slow timed out after 50 ms'));
    warn.mockRestore();
  });
  test('the default timeout is 1500 ms', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const pending = timedGet('/api/slow', { adapter: slowAdapter(10_000, {}) });
    await vi.advanceTimersByTimeAsync(1_499);
    expect(warn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2);
    expect((await pending).data).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('1500 ms'));
    warn.mockRestore();
    vi.useRealTimers();
  });
});
