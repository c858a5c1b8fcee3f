import { Link, useParams } from 'react-router-dom';
import { messageOf } from '../../../api/resource.ts';
import { useCachedResource } from '../../../api/cached-resource.ts';
import { PageSkeleton } from '../../../ui/Skeleton.tsx';
import { card } from '../../../ui/theme/global.css.ts';
import { preload } from '../../../api/route-data.ts';
import { importerResource, importersResource } from '../api.ts';
import * as css from '../components/content.css.ts';
import { CertificateLink } from '../components/CertificateLink.tsx';

// /importer (every importer: ImporterListPage) and /importer/:slug (its brands and their certificates, the default
// export), SPEC §7 /api/importer.

/**
 * The data of both pages, loaded by the server before it renders: the importer and its brands, or (no slug) every
 * importer. Server-only (docs/decisions/010): the browser's router runs no loaders.
 */
export const loader = import.meta.env.SSR
  ? async ({ context, params }: { context: unknown; params: { slug?: string } }): Promise<null> => {
      await preload(context, [params.slug === undefined ? importersResource() : importerResource(params.slug)]);
      return null;
    }
  : undefined;

export function ImporterListPage() {
  const r = importersResource();
  const list = useCachedResource(r.key, r.load);
  return (
    <article className={css.page}>
      <header>
        <h1>Authorised Importers</h1>
        <p className={css.lead}>The importers who bring international brands to Kasrat, with their licences and brand certificates.</p>
      </header>
      {list.loading ? <PageSkeleton /> : list.error ? <p role="alert">{list.error}</p> : null}
      <ul className={css.grid}>
        {list.data?.map((i) => (
          <li key={i.id} className={card}>
            <h2 style={{ fontSize: 18, marginTop: 0 }}>
              <Link to={`/importer/${i.slug}`}>{i.name}</Link>
            </h2>
            <p className={css.meta}>{i.address}</p>
            <p className={css.meta}>
              Licence {i.licence_no} · {i.brand_count} {i.brand_count === 1 ? 'brand' : 'brands'}
            </p>
          </li>
        ))}
      </ul>
    </article>
  );
}

export default function ImporterPage() {
  const { slug = '' } = useParams();
  const r = importerResource(slug);
  const data = useCachedResource(r.key, r.load);
  if (data.loading) return <PageSkeleton />;
  if (data.error || !data.data)
    return (
      <article className={css.page}>
        <h1>Importer not found</h1>
        <p role="alert">{data.error ?? messageOf(null)}</p>
        <Link to="/importer">See all importers</Link>
      </article>
    );
  const { importer, brands } = data.data;
  return (
    <article className={css.page}>
      <header>
        <p className={css.meta}>
          <Link to="/importer">Importers</Link> / {importer.name}
        </p>
        <h1>{importer.name}</h1>
        <p className={css.lead}>
          {importer.address} · Import licence {importer.licence_no}
        </p>
      </header>
      {brands.map((b) => (
        <section key={b.id} className={card} aria-labelledby={`brand-${b.id}`}>
          <h2 id={`brand-${b.id}`} style={{ marginTop: 0 }}>
            <Link to={`/brand/${b.slug}`}>{b.name}</Link> <span className={css.meta}>({b.country})</span>
          </h2>
          {b.certificates.map((c) => (
            <figure key={c.id} style={{ margin: 0 }}>
              <CertificateLink certificate={c} lazy />
              <figcaption className={css.meta}>
                No. {c.certificate_no} · issued {c.issued_on} · valid till {c.valid_till}
              </figcaption>
            </figure>
          ))}
        </section>
      ))}
    </article>
  );
}
