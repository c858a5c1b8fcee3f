import { type PageMeta, STORE_NAME } from '../../../schemas/content.ts';
import type { Db } from '../../db/database.ts';
import type { MetaResolver } from '../../html.ts';
import { importers } from './queries.ts';

const IMPORTER_SLUG = /^[a-z0-9-]{1,120}$/;

// An importer page's own title and description in the server HTML and page-seo-meta (crawlers run no JavaScript).
export function importerMetaResolver(db: Db): MetaResolver {
  return async ({ facts }): Promise<PageMeta | null> => {
    // An importer's page is the route table's (server/html.ts PageAddress); a slug no importer could have is not looked up.
    const slug = facts.meta === 'importer' ? facts.route?.params.slug : undefined;
    if (!slug || !IMPORTER_SLUG.test(slug)) return null;
    const [importer] = await importers(db, slug);
    if (!importer) return null;
    return {
      title: `${importer.name}: Brand Certificates | ${STORE_NAME}`,
      description: `${importer.name}, authorised importer of ${importer.brand_count} supplement ${importer.brand_count === 1 ? 'brand' : 'brands'} sold on ${STORE_NAME}: import licence ${importer.licence_no} and brand certificates.`,
    };
  };
}
