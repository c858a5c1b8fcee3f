import { report } from '../../../../events/index.ts';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { createActor } from 'xstate';
import type { ListingResult, ProductHit } from '../../../../schemas/catalogue.ts';
import { SEARCH_LIST, searchClickMachine } from '../../../../machines/search-click.ts';
import { usePageMeta } from '../../../ui/meta.tsx';
import { preload } from '../../../api/route-data.ts';
import { listingResource } from '../listing-resources.ts';
import { hitToEventItem, listingViewEvent, listItems } from '../events.ts';
import { type ListingState, parseListingParams, withListingState } from '../listing-params.ts';
import { rememberSearchTerm } from '../local-data.ts';
import { Breadcrumbs, HOME_CRUMB } from '../components/Breadcrumbs.tsx';
import * as css from '../components/catalogue.css.ts';
import { reportSelect } from '../components/ProductCard.tsx';
import { ListingView } from '../components/ListingView.tsx';

// /search?q= (SPEC §2; /search?query= is read too and rewritten to q). Filters, sort and page are in the URL like
// any listing. Reporting goes through the search-click machine (machines/search-click.ts): a new term reports
// search, search_query_fetched and the results list; a click on a result of that search is a search click.
// The machine lives as long as the tab, so coming back from a product page resumes the same search.

const searchSession = createActor(searchClickMachine);
searchSession.start();

function onResult(result: ListingResult, state: ListingState): void {
  const snapshot = searchSession.getSnapshot();
  const offset = (result.results.page - 1) * result.results.hitsPerPage;
  if (snapshot.context.term !== state.q || snapshot.matches('idle')) {
    searchSession.send({ type: 'SEARCH', term: state.q });
    searchSession.send({
      type: 'RESULTS',
      // The search's own id (32 hex, from the answer): the search insights service links clicks, add-to-carts
      // and purchases to it (docs/decisions/016-reporting-the-vendors-accept.md); none is made up here.
      query_id: result.queryID ?? '',
      items: listItems(result.hits, SEARCH_LIST, offset),
      total: result.nbHits,
    });
    return;
  }
  // The same term with other filters, sort or page: a new view of the results list.
  if (result.hits.length > 0) report(listingViewEvent({ listName: SEARCH_LIST, listing: 'search', result }));
}

function onSelect(hit: ProductHit, index: number): void {
  const item = hitToEventItem(hit, { list_name: SEARCH_LIST, index });
  const click = { type: 'CLICK' as const, item, index };
  if (searchSession.getSnapshot().can(click)) searchSession.send(click);
  else reportSelect(hit, SEARCH_LIST, index);
}

/**
 * The results the address asks for (term, filters, sort, page), loaded by the server before it renders; an address
 * without a term shows no listing and loads nothing. Server-only (docs/decisions/010).
 */
export const loader = import.meta.env.SSR
  ? async ({ request, context }: { request: Request; context: unknown }): Promise<null> => {
      const search = new URL(request.url).searchParams;
      if (parseListingParams(search).q) await preload(context, [listingResource('search', {}, search)]);
      return null;
    }
  : undefined;

export default function SearchPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const state = parseListingParams(params);
  const term = state.q;
  usePageMeta(
    term ? { title: `Search results for “${term}” | Kasrat`, description: `Authentic supplements matching “${term}” on Kasrat.` } : null,
  );

  useEffect(() => {
    // SPEC §2's search link uses ?query=; one canonical address (?q=) keeps one history entry and cache key.
    if (!params.has('q') && params.has('query'))
      navigate(`/search?${withListingState(params, state, { includeQuery: true })}`, { replace: true });
  });

  useEffect(() => {
    if (!term) return;
    rememberSearchTerm(term);
    if (searchSession.getSnapshot().matches('clicked')) searchSession.send({ type: 'BACK' });
  }, [term]);

  return (
    <div className={css.page}>
      <Breadcrumbs
        items={[HOME_CRUMB, { value: 'Search', category_slug: 'search', redirect_url: '/search' }]}
        context={{ pageType: 'search' }}
      />
      {term ? (
        <>
          <h1 className={css.pageTitle}>Results for “{term}”</h1>
          <ListingView
            key={term}
            endpoint="search"
            listName={SEARCH_LIST}
            listing="search"
            reportViews={false}
            onResult={onResult}
            onSelect={onSelect}
            empty={
              <>
                <p style={{ margin: 0, fontWeight: 600 }}>No products found for “{term}”.</p>
                <p className={css.muted}>Check the spelling, or try a brand or a category.</p>
                <p style={{ margin: 0, display: 'flex', gap: 16, justifyContent: 'center' }}>
                  <Link to="/brands">All brands</Link>
                  <Link to="/all-categories">All categories</Link>
                </p>
              </>
            }
          />
        </>
      ) : (
        <>
          <h1 className={css.pageTitle}>Search</h1>
          <p className={css.muted}>Type a product, brand or flavour in the search box above.</p>
        </>
      )}
    </div>
  );
}
