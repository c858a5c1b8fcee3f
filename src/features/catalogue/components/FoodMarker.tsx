import { foodMarker } from '../../../../schemas/food-type.ts';
import * as css from './FoodMarker.css.ts';

/** SPEC §3 food-type marker: a green dot in a square for veg, a brown triangle for non-veg, nothing otherwise. */
export function FoodMarker({ value }: { value: unknown }) {
  const marker = foodMarker(value);
  if (!marker) return null;
  const veg = marker === 'veg';
  return (
    <span
      className={`${css.marker} ${css.markerColour[marker]}`}
      role="img"
      aria-label={veg ? 'Vegetarian' : 'Non-vegetarian'}
      data-food={marker}
    >
      <svg width="8" height="8" viewBox="0 0 10 10" aria-hidden="true" focusable="false">
        {veg ? <circle cx="5" cy="5" r="5" fill="currentColor" /> : <path d="M5 0 10 10H0z" fill="currentColor" />}
      </svg>
    </span>
  );
}
