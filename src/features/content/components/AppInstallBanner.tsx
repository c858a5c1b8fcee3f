import { startTransition, useEffect, useState } from 'react';
import type { AppLinksResponse } from '../../../../schemas/content-pages.ts';
import { get } from '../../../api/client.ts';
import { buttonSecondary } from '../../../ui/theme/global.css.ts';
import { type AppBannerLink, bannerLinks, isDismissed, rememberDismissal } from '../app-banner.ts';
import * as css from './app-banner.css.ts';

const safeStorage = (): Storage | undefined => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};

/**
 * SPEC §1 app-install banner: decided in the browser after the first render (the server cannot know the
 * dismissal), so the server HTML and hydration never disagree. Failures only hide the banner.
 */
export function AppInstallBanner() {
  const [links, setLinks] = useState<AppBannerLink[]>([]);
  useEffect(() => {
    if (isDismissed(safeStorage())) return;
    let live = true;
    get<typeof AppLinksResponse>('/api/app/app-links')
      .then((res) => {
        // Shown after hydration on every page: a transition, so it never adds a long task to the page's start.
        if (live) startTransition(() => setLinks(bannerLinks(navigator.userAgent, res.data)));
      })
      .catch((error) => console.warn('[app-banner] links not loaded', error?.message));
    return () => {
      live = false;
    };
  }, []);
  if (!links.length) return null;
  const dismiss = () => {
    rememberDismissal(safeStorage());
    setLinks([]);
  };
  return (
    <aside className={css.banner} aria-label="Get the Kasrat app" data-testid="app-install-banner">
      <p className={css.text}>
        <strong>Kasrat app</strong> — faster checkout and order tracking on the go.
      </p>
      {links.map((l) => (
        <a key={l.platform} className={buttonSecondary} href={l.href} target="_blank" rel="noreferrer">
          {l.label}
        </a>
      ))}
      <button type="button" className={css.close} onClick={dismiss} aria-label="Dismiss the app banner">
        ×
      </button>
    </aside>
  );
}
