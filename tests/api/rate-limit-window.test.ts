import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { hitLimit, peekLimit, slidingCount } from '../../server/http/rate-limit.ts';
import { BACKENDS, openTestDatabase } from '../helpers/app.ts';

// server/http/rate-limit.ts: a limit reads the last `windowS` seconds, not the fixed window the clock is in.

const WINDOW_S = 900;
const boundary = Date.UTC(2026, 10, 28, 12, 0, 0); // a multiple of 900 s

describe('slidingCount', () => {
  test('the previous window counts for the share of it still inside the last window', () => {
    expect(slidingCount(2, 3, WINDOW_S, boundary + 1_000)).toBe(5);
    expect(slidingCount(2, 4, WINDOW_S, boundary + 450_000)).toBe(4);
    expect(slidingCount(2, 4, WINDOW_S, boundary + 899_000)).toBe(2);
    expect(slidingCount(0, 0, WINDOW_S, boundary)).toBe(0);
  });
});

describe.each(BACKENDS)('hits either side of a window boundary [%s]', (backend) => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    db = await openTestDatabase(backend, { seed: false });
  });
  afterAll(async () => {
    await db?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('five hits a second either side of the boundary count five', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const key = `test:straddle:${backend}`;
    vi.setSystemTime(boundary - 1_000);
    for (let i = 1; i <= 3; i++) expect(await hitLimit(db.handle.db, key, WINDOW_S)).toBe(i);
    vi.setSystemTime(boundary + 1_000);
    expect(await hitLimit(db.handle.db, key, WINDOW_S)).toBe(4);
    expect(await hitLimit(db.handle.db, key, WINDOW_S)).toBe(5);
    expect(await peekLimit(db.handle.db, key, WINDOW_S)).toBe(5);
  });

  test('hits a whole window ago no longer count', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const key = `test:old:${backend}`;
    vi.setSystemTime(boundary - 1_000);
    for (let i = 0; i < 4; i++) await hitLimit(db.handle.db, key, WINDOW_S);
    vi.setSystemTime(boundary + WINDOW_S * 1000 - 1_000);
    expect(await peekLimit(db.handle.db, key, WINDOW_S)).toBe(0);
    expect(await hitLimit(db.handle.db, key, WINDOW_S)).toBe(1);
  });
});
