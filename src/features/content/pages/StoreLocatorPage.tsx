import { useEffect, useRef } from 'react';
import { useCachedResource } from '../../../api/cached-resource.ts';
import { useSearchParams } from 'react-router-dom';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { buttonSecondary, card } from '../../../ui/theme/global.css.ts';
import { preload } from '../../../api/route-data.ts';
import { storeCitiesResource, storesResource } from '../api.ts';
import * as css from '../components/content.css.ts';
import { report, storeCitySelected, storeContactClicked, storeLocatorViewed } from '../events.ts';

// /store-locator (SPEC §1, §7 cities-list, stores-list): a map-free list by city; the city is kept in the URL.

/** The cities and the stores of the city in the address, loaded by the server before it renders. Server-only (docs/decisions/010): the browser's router runs no loaders. */
export const loader = import.meta.env.SSR
  ? async ({ request, context }: { request: Request; context: unknown }): Promise<null> => {
      const search = new URL(request.url).searchParams;
      await preload(context, [storeCitiesResource(), storesResource(search.get('city') ?? '')]);
      return null;
    }
  : undefined;

export default function StoreLocatorPage() {
  const [params, setParams] = useSearchParams();
  const city = params.get('city') ?? '';
  const [c, s] = [storeCitiesResource(), storesResource(city)];
  const cities = useCachedResource(c.key, c.load);
  const stores = useCachedResource(s.key, s.load);
  const viewed = useRef(false);
  useEffect(() => {
    if (viewed.current) return;
    viewed.current = true;
    report(storeLocatorViewed(city || undefined));
  }, [city]);

  const choose = (slug: string) => {
    const next = new URLSearchParams(params);
    if (slug) next.set('city', slug);
    else next.delete('city');
    setParams(next, { replace: true });
    const name = cities.data?.find((c) => c.slug === slug)?.name;
    if (name) report(storeCitySelected(name));
  };

  return (
    <article className={css.page}>
      <header>
        <h1>Store Locator</h1>
        <p className={css.lead}>Visit a Kasrat store to buy authentic supplements, check a pack's codes or get advice.</p>
      </header>
      <div>
        <label htmlFor="city" style={{ display: 'block', fontWeight: 600, marginBottom: 4 }}>
          City
        </label>
        <select id="city" className={css.select} value={city} onChange={(e) => choose(e.target.value)} disabled={cities.loading}>
          <option value="">All cities</option>
          {cities.data?.map((c) => (
            <option key={c.id} value={c.slug}>
              {c.name} ({c.store_count})
            </option>
          ))}
        </select>
      </div>
      <div aria-live="polite">
        {stores.loading ? (
          <Skeleton height={160} radius={12} />
        ) : stores.error ? (
          <p role="alert">{stores.error}</p>
        ) : (
          <>
            <p className={css.meta}>{stores.data?.length === 1 ? '1 store' : `${stores.data?.length ?? 0} stores`}</p>
            <ul className={css.grid} aria-label="Stores">
              {stores.data?.map((s) => (
                <li key={s.id} className={card} data-testid="store">
                  <h2 style={{ fontSize: 18, marginTop: 0 }}>{s.name}</h2>
                  <address style={{ fontStyle: 'normal' }}>
                    {s.address}, {s.city} {s.pincode}, {s.state}
                  </address>
                  <p className={css.meta}>Open {s.hours}</p>
                  <div className={css.actions}>
                    <a className={buttonSecondary} href={s.tel} onClick={() => report(storeContactClicked(s, 'call'))}>
                      Call {s.phone}
                    </a>
                    <a
                      className={buttonSecondary}
                      href={s.directions_url}
                      target="_blank"
                      rel="noreferrer"
                      onClick={() => report(storeContactClicked(s, 'directions'))}
                    >
                      Directions<span style={{ position: 'absolute', left: -9999 }}> to {s.name}</span>
                    </a>
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </article>
  );
}
