import { report } from '../../../../events/index.ts';
import { useRef } from 'react';
import type { ProductHit } from '../../../../schemas/catalogue.ts';
import { type ListingKind, listItems } from '../events.ts';
import { ProductList } from './ProductList.tsx';
import { useSeenOnce } from './Promotions.tsx';

/** A swipeable row of products that reports view_item_list once, when it first comes into view. */
export function ProductRail({
  hits,
  listName,
  listing,
  linkState,
}: {
  hits: readonly ProductHit[];
  listName: string;
  listing: ListingKind;
  linkState?: unknown;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useSeenOnce(ref, `${listName}:${hits.map((h) => h.vid).join(',')}`, () => {
    if (hits.length) report({ name: 'view_item_list', list_name: listName, listing, items: listItems(hits, listName) });
  });
  return (
    <div ref={ref}>
      <ProductList hits={hits} list={{ listName, linkState }} layout="rail" label={listName} />
    </div>
  );
}
