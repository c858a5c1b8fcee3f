import { Link } from 'react-router-dom';
import { button } from '../../../ui/theme/global.css.ts';
import { homeResource } from '../../catalogue/resources.ts';
import { useCachedResource } from '../../../api/cached-resource.ts';
import { preload } from '../../../api/route-data.ts';
import { LoadError, OffersSkeleton, offerStyles as css } from '../components/OfferSections.tsx';
import { StorefrontSections } from '../components/StorefrontSections.tsx';

/**
 * The home page's sections the landing page shows, loaded by the server before it renders. Server-only
 * (docs/decisions/010): the browser's router runs no loaders.
 */
export const loader = import.meta.env.SSR
  ? async ({ context }: { context: unknown }): Promise<null> => {
      await preload(context, [homeResource()]);
      return null;
    }
  : undefined;

/** /landing: the campaign landing page (SPEC §1, §2), led by its top categories and the authenticity promise. */
export default function LandingPage() {
  const h = homeResource();
  const home = useCachedResource(h.key, h.load);
  const d = home.data;
  return (
    <div className={css.page}>
      <header className={css.head}>
        <h1 className={css.title}>Authentic supplements, straight from brands and importers</h1>
        <p className={css.lead}>Every product is sourced from its brand or authorised importer, with certificates you can check.</p>
        <p style={{ display: 'flex', flexWrap: 'wrap', gap: 8, margin: '8px 0 0' }}>
          <Link to="/offers-coupons" className={button}>
            See today’s offers
          </Link>
          <Link to="/authenticity" style={{ minHeight: 44, display: 'inline-flex', alignItems: 'center', fontWeight: 600 }}>
            Check a product’s authenticity
          </Link>
        </p>
      </header>
      {!d && home.error && <LoadError message={home.error} retry={home.reload} />}
      {!d && !home.error && <OffersSkeleton label="Loading…" />}
      {d && <StorefrontSections d={d} listPrefix="Landing" />}
    </div>
  );
}
