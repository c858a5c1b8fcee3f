import { APP_BANNER_KEY, APP_BANNER_QUIET_MS, bannerLinks, isDismissed, rememberDismissal } from './app-banner.ts';

const links = { ios: 'https://apps.apple.com/x', android: 'https://play.google.com/y' };
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

function memory(): Storage {
  const m = new Map<string, string>();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
    clear: () => m.clear(),
    key: () => null,
    get length() {
      return m.size;
    },
  };
}

test('the banner offers the platform’s own store on mobile, both on other mobiles, nothing on desktop (SPEC §6)', () => {
  expect(bannerLinks(IPHONE, links).map((l) => l.href)).toEqual([links.ios]);
  expect(bannerLinks(ANDROID, links).map((l) => l.href)).toEqual([links.android]);
  expect(bannerLinks('Opera Mini Mobile', links).map((l) => l.platform)).toEqual(['ios', 'android']);
  expect(bannerLinks(DESKTOP, links)).toEqual([]);
  // A platform without a configured link gets no banner.
  expect(bannerLinks(IPHONE, { ios: null, android: links.android })).toEqual([]);
});

test('a dismissal is remembered for 30 days, then the banner may show again', () => {
  const storage = memory();
  const now = 1_750_000_000_000;
  expect(isDismissed(storage, now)).toBe(false);
  rememberDismissal(storage, now);
  expect(storage.getItem(APP_BANNER_KEY)).toBe(String(now));
  expect(isDismissed(storage, now + APP_BANNER_QUIET_MS - 1)).toBe(true);
  expect(isDismissed(storage, now + APP_BANNER_QUIET_MS)).toBe(false);
  storage.setItem(APP_BANNER_KEY, 'garbage');
  expect(isDismissed(storage, now)).toBe(false);
});

test('storage failures never throw', () => {
  const broken = {
    getItem: () => {
      throw new Error('denied');
    },
    setItem: () => {
      throw new Error('quota');
    },
  };
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  expect(isDismissed(broken)).toBe(false);
  expect(() => rememberDismissal(broken)).not.toThrow();
  warn.mockRestore();
});
