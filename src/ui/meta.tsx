import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { PageMeta } from '../../schemas/content.ts';

// The server writes each page's meta into the HTML it sends; after that the app keeps document.title and the
// description in step on navigation. A page with a dynamic title (a product) overrides the route default.
const MetaContext = createContext<(meta: PageMeta | null) => void>(() => {});

// The route title table is not needed for the first paint (the server wrote the head): it loads with the first
// page the app shows, as its own chunk.
let routeMeta: Promise<typeof import('../../schemas/content.ts')> | null = null;
const loadRouteMeta = () => {
  routeMeta ??= import('../../schemas/content.ts');
  return routeMeta;
};

function applyMeta(meta: PageMeta): void {
  document.title = meta.title;
  let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.appendChild(tag);
  }
  tag.content = meta.description;
}

export function MetaProvider({ children }: { children: ReactNode }) {
  const [override, setOverride] = useState<PageMeta | null>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    if (override) {
      applyMeta(override);
      return;
    }
    let current = true;
    void loadRouteMeta().then(({ pageMeta }) => {
      if (current) applyMeta(pageMeta(pathname));
    });
    return () => {
      current = false;
    };
  }, [pathname, override]);
  return <MetaContext.Provider value={setOverride}>{children}</MetaContext.Provider>;
}

/** Sets this page's title and description while it is shown. */
export function usePageMeta(meta: PageMeta | null): void {
  const set = useContext(MetaContext);
  const title = meta?.title;
  const description = meta?.description;
  useEffect(() => {
    if (title) set({ title, description: description ?? '' });
    return () => set(null);
  }, [title, description, set]);
}
