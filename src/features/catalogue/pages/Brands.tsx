import { useEffect, useId, useLayoutEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { BrandSummary } from '../../../../schemas/catalogue.ts';
import { browserStorage } from '../../../../events/storage.ts';
import { BRAND_GROUPS_CACHE_KEY, readCached, writeCached } from '../local-cache.ts';
import { usePageMeta } from '../../../ui/meta.tsx';
import { preload } from '../../../api/route-data.ts';
import { brandGroupsResource } from '../resources.ts';
import { useCachedResource as useResource } from '../../../api/cached-resource.ts';
import { Breadcrumbs, HOME_CRUMB } from '../components/Breadcrumbs.tsx';
import * as catalogueCss from '../components/catalogue.css.ts';
import * as css from './Brands.css.ts';
import { Img } from '../../../ui/Img.tsx';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { buttonSecondary } from '../../../ui/theme/global.css.ts';

type BrandGroups = Array<{ letter: string; brands: BrandSummary[] }>;

// /brands: top brands first, then every brand A–Z with a letter index and a name filter.

function BrandCard({ b, eager = false }: { b: BrandSummary; eager?: boolean }) {
  return (
    <Link to={b.url} className={css.brandCard}>
      <Img src={b.logo} alt="" width={120} height={120} eager={eager} />
      <span>{b.name}</span>
      <span className={catalogueCss.muted} style={{ fontSize: 13, fontWeight: 400 }}>
        {b.product_count} {b.product_count === 1 ? 'product' : 'products'}
      </span>
    </Link>
  );
}

/** The brands, loaded by the server before it renders. Server-only (docs/decisions/010): the browser's router runs no loaders. */
export const loader = import.meta.env.SSR
  ? async ({ context }: { context: unknown }): Promise<null> => {
      await preload(context, [brandGroupsResource()]);
      return null;
    }
  : undefined;

export default function BrandsPage() {
  usePageMeta(null);
  const filterId = useId();
  const [filter, setFilter] = useState('');
  const def = brandGroupsResource();
  const fresh = useResource(def.key, def.load);
  // SPEC §9 browser cache (3 days): a returning shopper's brand list shows at once while a fresh one loads. Read
  // in a layout effect, not during render, so hydration matches the server's HTML; it still runs before paint.
  const [saved, setSaved] = useState<BrandGroups | null>(null);
  useLayoutEffect(() => setSaved(readCached<BrandGroups>(browserStorage('localStorage'), BRAND_GROUPS_CACHE_KEY, Date.now())), []);
  useEffect(() => {
    if (fresh.data) writeCached(browserStorage('localStorage'), BRAND_GROUPS_CACHE_KEY, fresh.data, Date.now());
  }, [fresh.data]);
  const groups = { ...fresh, data: fresh.data ?? (fresh.error ? null : saved) };
  const needle = filter.trim().toLowerCase();
  const shown = (groups.data ?? [])
    .map((g) => ({ ...g, brands: g.brands.filter((b) => !needle || b.name.toLowerCase().includes(needle)) }))
    .filter((g) => g.brands.length > 0);
  const top = (groups.data ?? []).flatMap((g) => g.brands).filter((b) => b.is_top);

  return (
    <div className={catalogueCss.page}>
      <Breadcrumbs
        items={[HOME_CRUMB, { value: 'Brands', category_slug: 'brands', redirect_url: '/brands' }]}
        context={{ pageType: 'brands' }}
      />
      <h1 className={catalogueCss.pageTitle}>All brands</h1>
      {groups.loading && !groups.data && <Skeleton height={240} radius={16} />}
      {groups.error && !groups.data && (
        <div className={catalogueCss.empty} role="alert">
          <p style={{ margin: 0 }}>{groups.error}</p>
          <button type="button" className={buttonSecondary} onClick={groups.reload}>
            Try again
          </button>
        </div>
      )}
      {groups.data && (
        <>
          {top.length > 0 && !needle && (
            <section className={catalogueCss.section} aria-labelledby="brands-top">
              <h2 id="brands-top" className={catalogueCss.sectionTitle}>
                Top brands
              </h2>
              <ul className={css.brandGrid}>
                {top.map((b, i) => (
                  <li key={b.id}>
                    <BrandCard b={b} eager={i < 4} />
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section className={catalogueCss.section} aria-labelledby="brands-az">
            <h2 id="brands-az" className={catalogueCss.sectionTitle}>
              Brands A–Z
            </h2>
            <label htmlFor={filterId} className={catalogueCss.muted}>
              Find a brand
            </label>
            <input
              id={filterId}
              type="search"
              className={css.searchInput}
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              autoComplete="off"
            />
            <nav aria-label="Brands by letter">
              <ul className={css.letterNav}>
                {shown.map((g) => (
                  <li key={g.letter}>
                    <a className={css.letterLink} href={`#brands-${g.letter === '#' ? 'digit' : g.letter}`}>
                      {g.letter}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            {shown.length === 0 && <p role="status">No brand matches “{filter}”.</p>}
            {shown.map((g) => (
              <section
                key={g.letter}
                id={`brands-${g.letter === '#' ? 'digit' : g.letter}`}
                className={catalogueCss.section}
                aria-label={`Brands starting with ${g.letter}`}
              >
                <h3 style={{ margin: 0 }}>{g.letter}</h3>
                <ul className={css.brandGrid}>
                  {g.brands.map((b) => (
                    <li key={b.id}>
                      <BrandCard b={b} />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </section>
        </>
      )}
    </div>
  );
}
