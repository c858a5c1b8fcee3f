import { Link } from 'react-router-dom';
import { sourceResource } from '../resources.ts';
import { formatDay } from '../../../../schemas/dates.ts';
import { useCachedResource as useResource } from '../../../api/cached-resource.ts';
import { visuallyHidden } from '../../../ui/theme/global.css.ts';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import * as css from './catalogue.css.ts';
import * as pdp from './AuthenticityPanel.css.ts';

// The product page's "Authenticity" panel (GET /api/product-details/source-product): the brand and its country,
// the authorised importer (or "Made in India"), the brand certificate. It is a reassurance, not the product:
// when the call fails the panel is simply left out.

/** '2027-03-31' → '31 Mar 2027' (read as UTC, so no time zone moves the day); text that is no date as it came. */
const calendarDay = (iso: string): string => formatDay(new Date(`${iso.slice(0, 10)}T00:00:00Z`), 'UTC') || iso;

export function AuthenticityPanel({ productId }: { productId: number }) {
  const def = sourceResource(productId);
  const source = useResource(def.key, def.load);
  if (source.loading)
    return (
      <div className={css.panel} role="status" data-testid="authenticity-loading">
        <span className={visuallyHidden}>Loading authenticity details…</span>
        <Skeleton width="40%" height={20} />
        <Skeleton width="75%" />
        <Skeleton width="60%" />
      </div>
    );
  const s = source.data;
  if (!s) return null;
  const { brand, importer, certificate } = s;
  return (
    <section className={css.panel} aria-labelledby="pdp-authenticity" data-testid="authenticity-panel">
      <h2 id="pdp-authenticity" style={{ fontSize: 18, margin: 0 }}>
        Authenticity
      </h2>
      <p className={pdp.sourceHead}>
        Sourced from <strong>{brand.name}</strong>
        <span className={css.muted}> · {brand.country}</span>
      </p>
      <dl className={pdp.facts}>
        {importer ? (
          <>
            <dt>Importer</dt>
            <dd>
              <strong>{importer.name}</strong>
              <br />
              {importer.address}
              <br />
              Licence no. <span className={pdp.nowrap}>{importer.licence_no}</span>
            </dd>
          </>
        ) : (
          <>
            <dt>Origin</dt>
            <dd>Made in India</dd>
          </>
        )}
        {certificate && (
          <>
            <dt>Certificate</dt>
            <dd>
              <span className={pdp.certNo}>{certificate.certificate_no}</span>
              <br />
              Valid {calendarDay(certificate.issued_on)} – {calendarDay(certificate.valid_till)}
            </dd>
          </>
        )}
      </dl>
      <Link to="/authenticity">Check authenticity</Link>
    </section>
  );
}
