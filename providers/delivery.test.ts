import { createDelivery, defaultBackoff, QUEUE_PREFIX } from './delivery.ts';
import { MemoryStorage } from '../tests/helpers/provider-harness.ts';

function fakeClock() {
  let now = 1_000_000;
  const timers: { at: number; fn: () => void; id: number }[] = [];
  let seq = 0;
  return {
    now: () => now,
    setTimer: (fn: () => void, ms: number) => {
      const id = ++seq;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimer: (id: unknown) => {
      const i = timers.findIndex((t) => t.id === id);
      if (i >= 0) timers.splice(i, 1);
    },
    async advance(ms: number) {
      now += ms;
      for (const t of timers.filter((x) => x.at <= now)) {
        timers.splice(timers.indexOf(t), 1);
        t.fn();
      }
      await new Promise((r) => setTimeout(r, 0));
    },
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('zero-loss delivery queue', () => {
  test('a send is stored first and removed once the server acknowledges it', async () => {
    const storage = new MemoryStorage();
    let release!: (r: Response) => void;
    const fetch = vi.fn(() => new Promise<Response>((r) => (release = r)));
    const q = createDelivery({ storage, fetch: fetch as unknown as typeof globalThis.fetch });
    q.enqueue('/api/events/conversions', { event_id: 'e1' });
    expect(storage.length).toBe(1);
    expect(fetch).toHaveBeenCalledWith(
      '/api/events/conversions',
      expect.objectContaining({ method: 'POST', keepalive: true, body: '{"event_id":"e1"}' }),
    );
    release(new Response('{}', { status: 200 }));
    await settle();
    expect(storage.length).toBe(0);
    expect(q.pending()).toBe(0);
  });

  test('network failures and 5xx are retried with exponential backoff until delivered', async () => {
    const clock = fakeClock();
    const answers = [
      () => Promise.reject(new TypeError('offline')),
      () => Promise.resolve(new Response('', { status: 503 })),
      () => Promise.resolve(new Response('{}', { status: 200 })),
    ];
    const fetch = vi.fn(() => answers.shift()!());
    const q = createDelivery({ storage: new MemoryStorage(), fetch: fetch as never, ...clock });
    q.enqueue('/x', { n: 1 });
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    await clock.advance(defaultBackoff(1) - 1);
    expect(fetch).toHaveBeenCalledTimes(1);
    await clock.advance(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await clock.advance(defaultBackoff(2));
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(q.pending()).toBe(0);
  });

  test('a send with no answer is aborted after the timeout and retried', async () => {
    const clock = fakeClock();
    const signals: AbortSignal[] = [];
    let calls = 0;
    const fetch = vi.fn((_url: string, init: RequestInit) => {
      calls++;
      if (calls === 1) {
        signals.push(init.signal as AbortSignal);
        return new Promise<Response>(() => {});
      }
      return Promise.resolve(new Response('{}'));
    });
    const q = createDelivery({ storage: new MemoryStorage(), fetch: fetch as never, timeoutMs: 5000, ...clock });
    q.enqueue('/x', {});
    await clock.advance(4999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await clock.advance(1);
    expect(signals[0].aborted).toBe(true);
    await clock.advance(defaultBackoff(1));
    expect(fetch).toHaveBeenCalledTimes(2);
    await settle();
    expect(q.pending()).toBe(0);
  });

  test('backoff doubles from 1 s up to 5 minutes', () => {
    expect([1, 2, 3, 4, 20].map(defaultBackoff)).toEqual([1000, 2000, 4000, 8000, 300_000]);
  });

  test("every answer's body is read to its end, so the request ends and frees its connection", async () => {
    const answers = [new Response('{"status":1}', { status: 200 }), new Response('{"status":0}', { status: 400 })];
    const fetch = vi.fn(() => Promise.resolve(answers.shift() as Response));
    const q = createDelivery({ storage: new MemoryStorage(), fetch: fetch as never });
    const sent = [...answers];
    q.enqueue('/x', { n: 1 });
    q.enqueue('/x', { n: 2 });
    await settle();
    await settle();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(sent.map((r) => r.bodyUsed)).toEqual([true, true]);
  });

  test('a 400 (invalid payload) is dropped, not retried forever', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('', { status: 400 })));
    const storage = new MemoryStorage();
    const q = createDelivery({ storage, fetch: fetch as never });
    q.enqueue('/x', {});
    await settle();
    expect(q.pending()).toBe(0);
    expect(storage.length).toBe(0);
  });

  test('flush sends pending items with sendBeacon and keeps them stored until acknowledged', async () => {
    const clock = fakeClock();
    const fetch = vi.fn(() => Promise.reject(new TypeError('offline')));
    const beacons: string[] = [];
    const storage = new MemoryStorage();
    const q = createDelivery({
      storage,
      fetch: fetch as never,
      sendBeacon: (url) => {
        beacons.push(url);
        return true;
      },
      ...clock,
    });
    q.enqueue('/api/events/conversions', { a: 1 });
    await settle();
    q.flush();
    expect(beacons).toEqual(['/api/events/conversions']);
    expect(storage.length).toBe(1);
  });

  test('flush does not duplicate a keepalive fetch still in flight', () => {
    const beacons: string[] = [];
    const q = createDelivery({
      storage: new MemoryStorage(),
      fetch: (() => new Promise(() => {})) as never,
      sendBeacon: (url) => beacons.push(url) > 0,
    });
    q.enqueue('/x', {});
    q.flush();
    expect(beacons).toEqual([]);
  });

  test('without sendBeacon (or when it refuses) flush falls back to fetch keepalive', async () => {
    const clock = fakeClock();
    let calls = 0;
    const fetch = vi.fn(() => (++calls === 1 ? Promise.reject(new TypeError('offline')) : Promise.resolve(new Response('{}'))));
    const q = createDelivery({ storage: new MemoryStorage(), fetch: fetch as never, sendBeacon: () => false, ...clock });
    q.enqueue('/x', {});
    await settle();
    q.flush();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]).toEqual(['/x', expect.objectContaining({ keepalive: true })]);
  });

  test('items an earlier page left in storage are replayed on the next load', async () => {
    const storage = new MemoryStorage();
    const first = createDelivery({ storage, fetch: (() => new Promise(() => {})) as never });
    first.enqueue('/api/events/conversions', { event_id: 'left-behind' });
    first.stop();
    storage.setItem('unrelated', 'x');
    const fetch = vi.fn(() => Promise.resolve(new Response('{}')));
    const next = createDelivery({ storage, fetch: fetch as never });
    next.replay();
    expect(fetch).toHaveBeenCalledWith('/api/events/conversions', expect.objectContaining({ body: '{"event_id":"left-behind"}' }));
    await settle();
    expect([...Array(storage.length).keys()].map((i) => storage.key(i)).filter((k) => k?.startsWith(QUEUE_PREFIX))).toEqual([]);
  });

  test('blocked storage or a throwing fetch never throws at the caller', () => {
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
      key: () => null,
      length: 0,
    };
    const q = createDelivery({
      storage,
      fetch: (() => {
        throw new Error('boom');
      }) as never,
    });
    expect(() => q.enqueue('/x', {})).not.toThrow();
    expect(() => q.flush()).not.toThrow();
    q.stop();
  });
});
