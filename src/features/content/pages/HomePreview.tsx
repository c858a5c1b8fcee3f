import { useSearchParams } from 'react-router-dom';
import { useCachedResource } from '../../../api/cached-resource.ts';
import { saleApi } from '../api.ts';
import { LoadError, OffersSkeleton, offerStyles as css, PreviewNotice } from '../components/OfferSections.tsx';
import { StorefrontSections } from '../components/StorefrontSections.tsx';
import { previewId } from './Sale.tsx';

/** /preview/home: the staff preview of the home page (SPEC §6); nothing is reported under /preview/ (SPEC §2). */
export default function HomePreviewPage() {
  const [search] = useSearchParams();
  const id = previewId(search);
  const home = useCachedResource(`home-preview:${id ?? ''}`, (signal) => saleApi.homePreview(id, { signal }));
  const d = home.data;
  return (
    <div className={css.page}>
      <PreviewNotice id={d?.preview_id ?? id} />
      <h1 className={css.title}>Home page preview</h1>
      {!d && home.error && <LoadError message={home.error} retry={home.reload} />}
      {!d && !home.error && <OffersSkeleton label="Loading the preview…" />}
      {d && <StorefrontSections d={d} listPrefix="Home preview" />}
    </div>
  );
}
