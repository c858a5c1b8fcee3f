import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { type PageMeta, pageMeta } from '../../schemas/content.ts';

// The server writes each page's meta into the HTML it sends; after that the app keeps document.title and the
// description in step on navigation. A page with a dynamic title (a product) overrides the route default.
const MetaContext = createContext<(meta: PageMeta | null) => void>(() => {});

export function MetaProvider({ children }: { children: ReactNode }) {
  const [override, setOverride] = useState<PageMeta | null>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const meta = override ?? pageMeta(pathname);
    document.title = meta.title;
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.appendChild(tag);
    }
    tag.content = meta.description;
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
