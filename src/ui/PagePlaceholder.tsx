import { usePageMeta } from './meta.tsx';

/** Layout and heading for a route of SPEC §2 whose page is not built yet. */
export function PagePlaceholder({ title, children }: { title: string; children?: React.ReactNode }) {
  usePageMeta(null);
  return (
    <article>
      <h1>{title}</h1>
      {children ?? <p>This part of the store is being built.</p>}
    </article>
  );
}
