import { useEffect, useId, useState } from 'react';
import type { Facet, FacetName } from '../../../../schemas/catalogue.ts';
import { boundRupees } from '../../../../schemas/catalogue-rules.ts';
import { toPaise } from '../../../../schemas/money.ts';
import {
  type ListFacet,
  type ListingState,
  selectedPriceBucket,
  setInStock,
  setPriceRange,
  toggleFacetValue,
  togglePriceBucket,
} from '../listing-params.ts';
import * as css from './FacetPanel.css.ts';
import * as catalogueCss from './catalogue.css.ts';

// The facets of a listing answer (brand, category, flavour, weight, price, veg, in stock) with their counts.
// Every change is applied at once (the URL changes, the results follow); counts come from the API.

const SHOWN = 6;

function Count({ n }: { n: number }) {
  return (
    <span className={css.facetCount} data-count={n} aria-hidden="true">
      {n}
    </span>
  );
}

/** A value's accessible name: its label and how many products it has ("Chocolate, 6 products"). */
const named = (label: string, n: number) => `${label}, ${n} ${n === 1 ? 'product' : 'products'}`;

function ValueList({
  facet,
  state,
  onChange,
}: {
  facet: Facet & { name: ListFacet };
  state: ListingState;
  onChange: (s: ListingState) => void;
}) {
  const [all, setAll] = useState(false);
  const listId = useId();
  const chosen = state.filters[facet.name] as string[];
  // Chosen values always show, even past the fold.
  const shown = all ? facet.values : facet.values.filter((v, i) => i < SHOWN || chosen.includes(v.value));
  return (
    <>
      <div id={listId}>
        {shown.map((v) => (
          <label key={v.value} className={css.facetOption}>
            <input
              type="checkbox"
              checked={chosen.includes(v.value)}
              aria-label={named(v.label, v.count)}
              data-value={v.value}
              onChange={() => onChange(toggleFacetValue(state, facet.name, v.value))}
            />
            <span>{v.label}</span>
            <Count n={v.count} />
          </label>
        ))}
      </div>
      {facet.values.length > SHOWN && (
        <button type="button" className={catalogueCss.linkButton} aria-expanded={all} aria-controls={listId} onClick={() => setAll(!all)}>
          {all ? 'Show fewer' : `Show all ${facet.values.length}`}
        </button>
      )}
    </>
  );
}

/** A paise bound as whole rupees for the range boxes ('' when open). */
const boxValue = (p: number | null) => (p === null ? '' : String(boundRupees(p)));

function PriceFacet({ facet, state, onChange }: { facet: Facet; state: ListingState; onChange: (s: ListingState) => void }) {
  const name = useId();
  const bucket = selectedPriceBucket(state.filters);
  const custom = bucket === null && (state.filters.priceMin !== null || state.filters.priceMax !== null);
  const [min, setMin] = useState(boxValue(state.filters.priceMin));
  const [max, setMax] = useState(boxValue(state.filters.priceMax));
  // The boxes follow the URL (a bucket chosen, a chip removed, the back button).
  useEffect(() => {
    setMin(boxValue(state.filters.priceMin));
    setMax(boxValue(state.filters.priceMax));
  }, [state.filters.priceMin, state.filters.priceMax]);
  return (
    <>
      <label className={css.facetOption}>
        <input
          type="radio"
          name={name}
          checked={bucket === null && !custom}
          onChange={() => onChange(setPriceRange(state, null, null))}
          data-value=""
        />
        <span>Any price</span>
        <span />
      </label>
      {facet.values.map((v) => (
        <label key={v.value} className={css.facetOption}>
          <input
            type="radio"
            name={name}
            checked={bucket === v.value}
            aria-label={named(v.label, v.count)}
            data-value={v.value}
            onChange={() => onChange(togglePriceBucket(state, v.value))}
          />
          <span>{v.label}</span>
          <Count n={v.count} />
        </label>
      ))}
      <form
        className={css.priceForm}
        aria-label="Custom price range"
        onSubmit={(e) => {
          e.preventDefault();
          const lo = min.trim() ? toPaise(Number(min)) : null;
          // The upper bound is inclusive of the whole rupee typed.
          const hi = max.trim() ? toPaise(Number(max)) + 99 : null;
          onChange(setPriceRange(state, lo, hi));
        }}
      >
        <label>
          Min ₹
          <input inputMode="numeric" pattern="[0-9]*" value={min} onChange={(e) => setMin(e.target.value.replace(/\D/g, '').slice(0, 6))} />
        </label>
        <label>
          Max ₹
          <input inputMode="numeric" pattern="[0-9]*" value={max} onChange={(e) => setMax(e.target.value.replace(/\D/g, '').slice(0, 6))} />
        </label>
        <button type="submit" className={catalogueCss.chipPlain} style={{ minHeight: 40 }}>
          Apply
        </button>
      </form>
    </>
  );
}

export function FacetPanel({
  facets,
  state,
  onChange,
  hide = [],
}: {
  facets: readonly Facet[];
  state: ListingState;
  onChange: (next: ListingState) => void;
  hide?: readonly FacetName[];
}) {
  const visible = facets.filter((f) => !hide.includes(f.name) && (f.values.length > 0 || f.name === 'price'));
  return (
    <div data-testid="facets">
      {visible.map((f) => (
        <fieldset key={f.name} className={css.facet} data-facet={f.name}>
          <legend>{f.label}</legend>
          {f.name === 'price' ? (
            <PriceFacet facet={f} state={state} onChange={onChange} />
          ) : f.name === 'availability' ? (
            f.values.map((v) => (
              <label key={v.value} className={css.facetOption}>
                <input
                  type="checkbox"
                  checked={state.filters.inStock}
                  aria-label={named('In stock only', v.count)}
                  data-value={v.value}
                  onChange={(e) => onChange(setInStock(state, e.target.checked))}
                />
                <span>In stock only</span>
                <Count n={v.count} />
              </label>
            ))
          ) : (
            <ValueList facet={f as Facet & { name: ListFacet }} state={state} onChange={onChange} />
          )}
        </fieldset>
      ))}
    </div>
  );
}
