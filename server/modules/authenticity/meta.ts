import { type PageMeta, STORE_NAME } from '../../../schemas/content.ts';
import type { Db } from '../../db/database.ts';
import type { MetaResolver } from '../../html.ts';
import { importers } from './queries.ts';

// An importer page's own title and description in the server HTML and page-seo-meta (crawlers run no JavaScript).
export function importerMetaResolver(db: Db): MetaResolver {
  return async (pathname): Promise<PageMeta | null> => {
    const m = /^\/importer\/([a-z0-9-]{1,120})\/?$/.exec(pathname);
    if (!m) return null;
    const [importer] = await importers(db, m[1]);
    if (!importer) return null;
    return {
      title: `${importer.name}: Brand Certificates | ${STORE_NAME}`,
      description: `${importer.name}, authorised importer of ${importer.brand_count} supplement ${importer.brand_count === 1 ? 'brand' : 'brands'} sold on ${STORE_NAME}: import licence ${importer.licence_no} and brand certificates.`,
    };
  };
}
