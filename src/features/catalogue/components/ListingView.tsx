import { report } from '../../../../events/index.ts';
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ListingResult, ProductHit, SortBy } from '../../../../schemas/catalogue.ts';
import { boundRupees, type FacetName, SORTS } from '../../../../schemas/catalogue-rules.ts';
import { formatPaise } from '../../../../schemas/money.ts';
import type { ListingEndpoint } from '../api.ts';
import { listingResource } from '../listing-resources.ts';
import { type ListingKind, listingViewEvent } from '../events.ts';
import {
  clearFilters,
  filterCount,
  hasFilters,
  type ListingState,
  parseListingParams,
  removeFilter,
  setPage,
  setSort,
  withListingState,
} from '../listing-params.ts';
import { useCachedResource as useResource } from '../../../api/cached-resource.ts';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { useToast } from '../../../ui/Toast.tsx';
import { buttonSecondary, visuallyHidden } from '../../../ui/theme/global.css.ts';
import * as css from './ListingView.css.ts';
import * as catalogueCss from './catalogue.css.ts';
import { FacetPanel } from './FacetPanel.tsx';
import { Pagination } from './Pagination.tsx';
import { ProductList } from './ProductList.tsx';
import { useMediaQuery } from '../../../ui/useMediaQuery.ts';

// One listing UI for brand, category, shop, bestseller and search pages: facets with counts, sort, active
// filters, products and pages. Its whole state is the page URL (shareable; each change is a history entry, so
// the back button undoes one step), read and written through listing-params.ts.

const FilterSheet = lazy(() => import('./FilterSheet.tsx'));

export const SORT_LABELS: Record<SortBy, string> = {
  relevance: 'Relevance',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  rating_desc: 'Customer rating',
  discount_desc: 'Biggest discount',
  recent: 'Newest first',
};

export interface ListingViewProps {
  endpoint: ListingEndpoint;
  /** The page's own API keys (the slug of a brand or category). */
  base?: Record<string, string>;
  listName: string;
  listing: ListingKind;
  eventInfo?: { brand?: string; category?: string };
  hideFacets?: readonly FacetName[];
  linkState?: unknown;
  onSelect?: (hit: ProductHit, index: number) => void;
  /** Every answer shown (the search page reports through its search-click machine). */
  onResult?: (result: ListingResult, state: ListingState) => void;
  /** Report view_item_list for each answer (default); the search page reports its own. */
  reportViews?: boolean;
  /** Shown instead of the grid when nothing matches and no filter is on. */
  empty?: ReactNode;
}

function GridSkeleton() {
  return (
    <ul className={`${catalogueCss.grid} ${catalogueCss.gridNarrow}`} aria-hidden="true">
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <li key={i} className={catalogueCss.card}>
          <Skeleton height={160} radius={10} />
          <Skeleton width="40%" height={12} />
          <Skeleton height={16} />
          <Skeleton width="60%" height={18} />
        </li>
      ))}
    </ul>
  );
}

export function ListingView({
  endpoint,
  base = {},
  listName,
  listing,
  eventInfo,
  hideFacets = [],
  linkState,
  onSelect,
  onResult,
  reportViews = true,
  empty,
}: ListingViewProps) {
  const [params, setParams] = useSearchParams();
  const desktop = useMediaQuery();
  const toast = useToast();
  const [sheetOpen, setSheetOpen] = useState(false);
  const sortId = useId();
  const isSearch = endpoint === 'search';
  const urlState = parseListingParams(params);
  // The same definition as the page's route loader, so the server's one render finds the answer it loaded.
  const listingDef = listingResource(endpoint, base, params);
  const apiUrl = listingDef.key;
  // The shopper's change shows at once (a ticked box stays ticked) while the router commits the new URL; once the
  // URL moves on, the URL is the truth again.
  const urlKey = params.toString();
  const [optimistic, setOptimistic] = useState<{ from: string; state: ListingState } | null>(null);
  const state = optimistic && optimistic.from === urlKey ? optimistic.state : urlState;
  // Committed: forget it, so coming back to the old URL later (the back button) shows that URL's own state.
  useEffect(() => {
    if (optimistic && optimistic.from !== urlKey) setOptimistic(null);
  }, [optimistic, urlKey]);
  const res = useResource(apiUrl, listingDef.load, { keepPrevious: true });
  const data = res.data ?? (res.loading ? res.previous : null);
  const stale = res.loading && data !== null;

  const apply = (next: ListingState) => {
    setOptimistic({ from: urlKey, state: next });
    setParams(withListingState(params, next, { includeQuery: isSearch }));
  };
  const hrefOf = (pn: number) => `?${withListingState(params, setPage(urlState, pn), { includeQuery: isSearch })}`;

  // One view_item_list per answer shown; the URL's sortby / pn with the answer's active filters and price decide
  // whether a brand or category view counts as filtered (SPEC §5, applied by the reporting layer).
  const reported = useRef<string | null>(null);
  const result = res.data;
  useEffect(() => {
    if (!result || reported.current === apiUrl) return;
    reported.current = apiUrl;
    onResult?.(result, urlState);
    if (reportViews && result.hits.length > 0) report(listingViewEvent({ listName, listing, result, ...eventInfo }));
  });

  useEffect(() => {
    // A 404 has already left for /notFound; other failures say so briefly (SPEC §8) and offer a retry.
    if (res.error && res.status !== 404) toast.show(res.error, 'error');
  }, [res.error, res.status, toast]);

  const facets = data?.results.facets ?? [];
  const total = data?.nbHits ?? 0;
  const filtersOn = hasFilters(state.filters);
  const chips = data?.active_filters ?? [];
  const priceOn = state.filters.priceMin !== null || state.filters.priceMax !== null;

  const panel = <FacetPanel facets={facets} state={state} onChange={apply} hide={hideFacets} />;

  return (
    <div className={css.listingLayout}>
      {desktop && (
        <aside className={css.sidebar} aria-label="Filters">
          <h2 style={{ fontSize: 18, margin: 0 }}>Filters</h2>
          {data ? panel : <Skeleton height={320} />}
        </aside>
      )}
      <section className={catalogueCss.section} aria-labelledby={`${sortId}-heading`} aria-busy={res.loading}>
        <h2 id={`${sortId}-heading`} className={visuallyHidden}>
          Products
        </h2>
        <div className={css.toolbar}>
          <p className={catalogueCss.muted} role="status" data-testid="result-count">
            {data
              ? `${total} ${total === 1 ? 'product' : 'products'}${data.results.partial_match ? ' matching some of your words' : ''}`
              : 'Loading products…'}
          </p>
          <div className={css.toolbarControls}>
            {!desktop && (
              <button type="button" className={css.filterButton} onClick={() => setSheetOpen(true)} aria-haspopup="dialog" disabled={!data}>
                Filters
                {filterCount(state.filters) > 0 && (
                  <span className={css.countBadge}>
                    {filterCount(state.filters)}
                    <span className={visuallyHidden}> applied</span>
                  </span>
                )}
              </button>
            )}
            <label htmlFor={sortId} className={visuallyHidden}>
              Sort by
            </label>
            <select
              id={sortId}
              className={css.select}
              value={state.sortby}
              onChange={(e) => apply(setSort(state, e.target.value as SortBy))}
              data-testid="sort"
            >
              {SORTS.map((s) => (
                <option key={s} value={s}>
                  {`Sort: ${SORT_LABELS[s]}`}
                </option>
              ))}
            </select>
          </div>
        </div>

        {(chips.length > 0 || priceOn) && (
          <ul className={css.chips} aria-label="Active filters">
            {chips.map((f) => (
              <li key={`${f.facet}:${f.value}`}>
                <button
                  type="button"
                  className={catalogueCss.chip}
                  onClick={() => apply(removeFilter(state, f.facet, f.value))}
                  aria-label={`Remove filter ${f.label}`}
                >
                  {f.label} <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
            {priceOn && (
              <li>
                <button
                  type="button"
                  className={catalogueCss.chip}
                  onClick={() => apply(removeFilter(state, 'price', ''))}
                  aria-label={`Remove filter ${priceLabel(state)}`}
                >
                  {priceLabel(state)} <span aria-hidden="true">×</span>
                </button>
              </li>
            )}
            <li>
              <button type="button" className={catalogueCss.chipPlain} onClick={() => apply(clearFilters(state))}>
                Clear all
              </button>
            </li>
          </ul>
        )}

        {res.error && !data && (
          <div className={catalogueCss.empty} role="alert">
            <p style={{ margin: 0 }}>{res.error}</p>
            <button type="button" className={buttonSecondary} onClick={res.reload}>
              Try again
            </button>
          </div>
        )}
        {!data && res.loading && <GridSkeleton />}
        {data && data.hits.length === 0 && (
          <div className={catalogueCss.empty}>
            {filtersOn || !empty ? (
              <>
                <p style={{ margin: 0, fontWeight: 600 }}>No products match these filters.</p>
                {filtersOn && (
                  <button type="button" className={buttonSecondary} onClick={() => apply(clearFilters(state))}>
                    Clear all filters
                  </button>
                )}
              </>
            ) : (
              empty
            )}
          </div>
        )}
        {data && data.hits.length > 0 && (
          <div className={stale ? css.busy : undefined}>
            <ProductList
              hits={data.hits}
              list={{ listName, linkState, onSelect }}
              narrow
              eager={desktop ? 3 : 2}
              offset={(data.results.page - 1) * data.results.hitsPerPage}
              label={listName}
            />
          </div>
        )}
        {data && <Pagination page={data.results.page} total={data.results.nbPages} hrefOf={hrefOf} />}
      </section>
      {sheetOpen && !desktop && (
        <Suspense fallback={null}>
          <FilterSheet
            facets={facets}
            state={state}
            onChange={apply}
            hide={hideFacets}
            total={total}
            loading={res.loading}
            onClose={() => setSheetOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}

/** A bound in whole rupees (an upper bound of 99999 paise reads ₹999, not ₹1,000). */
const bound = (paise: number) => formatPaise(boundRupees(paise) * 100);

function priceLabel(state: ListingState): string {
  const { priceMin: lo, priceMax: hi } = state.filters;
  if (lo !== null && hi !== null) return `${bound(lo)} – ${bound(hi)}`;
  if (lo !== null) return `${bound(lo)} and above`;
  return hi !== null ? `Up to ${bound(hi)}` : '';
}
