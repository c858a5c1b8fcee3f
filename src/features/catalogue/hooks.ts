import { usePageMeta } from '../../ui/meta.tsx';
import { catalogueApi } from './api.ts';
import { seoResource } from './resources.ts';
import { useCachedResource as useResource } from '../../api/cached-resource.ts';

/**
 * The page's real title and description from GET /api/seo/page-seo-meta (the same rules the server used for the
 * first HTML), so product, brand, category and bestseller pages keep their titles on in-app navigation.
 */
export function useCatalogueMeta(path: string | null): void {
  const seo = path ? seoResource(path) : null;
  const meta = useResource(seo?.key ?? null, (signal) => catalogueApi.seoMeta(path as string, { signal }));
  usePageMeta(meta.data ? { title: meta.data.title, description: meta.data.description } : null);
}
