import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { PageMeta } from '../../schemas/content.ts';

// The server writes each page's meta into the HTML it sends; after that the app keeps document.title and the
// description in step on navigation, with the meta the route table gives the address (`metaOf`, src/app/routes.tsx,
// loaded with the first navigation: the first paint does not need it). A page with a dynamic title (a product)
// overrides the route default.
const MetaContext = createContext<(meta: PageMeta | null) => void>(() => {});

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

/** `metaOf` gives the static meta of an address; without it only the pages' own meta applies (tests of a page). */
export function MetaProvider({ children, metaOf }: { children: ReactNode; metaOf?: (pathname: string) => Promise<PageMeta> }) {
  const [override, setOverride] = useState<PageMeta | null>(null);
  const { pathname } = useLocation();
  // The head of the page the document opened with is the server's, from the same route table: nothing to redo
  // (and no matching of the URL while the page hydrates, docs/decisions/010).
  const shown = useRef(pathname);
  useEffect(() => {
    if (override) {
      applyMeta(override);
      shown.current = '';
      return;
    }
    if (!metaOf || shown.current === pathname) return;
    shown.current = '';
    let current = true;
    void metaOf(pathname).then((meta) => {
      if (current) applyMeta(meta);
    });
    return () => {
      current = false;
    };
  }, [pathname, override, metaOf]);
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
