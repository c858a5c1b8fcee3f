import type { AppLinks } from '../../../schemas/content-pages.ts';

// The app-install banner's rules (SPEC §1 store links, §6 "a user agent containing Mobile is mobile"): shown on
// mobile only, with the link of the shopper's platform, until dismissed; a dismissal is remembered for 30 days.

export const APP_BANNER_KEY = 'app_banner_dismissed_at';
export const APP_BANNER_QUIET_MS = 30 * 24 * 60 * 60 * 1000;

export interface AppBannerLink {
  platform: 'ios' | 'android';
  href: string;
  label: string;
}

/** The store links to offer this user agent: none on desktop, the platform's own on iOS or Android, else both. */
export function bannerLinks(userAgent: string, links: AppLinks): AppBannerLink[] {
  if (!userAgent.includes('Mobile')) return [];
  const ios = links.ios ? { platform: 'ios' as const, href: links.ios, label: 'Get it on the App Store' } : null;
  const android = links.android ? { platform: 'android' as const, href: links.android, label: 'Get it on Google Play' } : null;
  if (/iPhone|iPad|iPod/.test(userAgent)) return ios ? [ios] : [];
  if (/Android/.test(userAgent)) return android ? [android] : [];
  return [ios, android].filter((l): l is AppBannerLink => l !== null);
}

/** Storage failures (private mode, quota) only mean the banner may show again: never an error (SPEC §8). */
export function isDismissed(storage: Pick<Storage, 'getItem'> | undefined, now = Date.now()): boolean {
  try {
    const at = Number(storage?.getItem(APP_BANNER_KEY));
    return Number.isFinite(at) && at > 0 && now - at < APP_BANNER_QUIET_MS;
  } catch {
    return false;
  }
}

export function rememberDismissal(storage: Pick<Storage, 'setItem'> | undefined, now = Date.now()): void {
  try {
    storage?.setItem(APP_BANNER_KEY, String(now));
  } catch (error) {
    console.warn('[app-banner] dismissal not remembered', (error as Error)?.message);
  }
}
