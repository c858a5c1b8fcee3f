import * as css from './Rating.css.ts';

/** Average rating and how many ratings, read out as one phrase. */
export function Rating({ value, count }: { value: number; count: number }) {
  if (count <= 0) return null;
  return (
    <span
      className={css.rating}
      role="img"
      aria-label={`Rated ${value.toFixed(1)} out of 5 by ${count} ${count === 1 ? 'shopper' : 'shoppers'}`}
    >
      <svg className={css.star} width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="m12 2 3 6.6 7.2.7-5.4 4.8 1.6 7.1L12 17.5 5.6 21.2l1.6-7.1L1.8 9.3 9 8.6z" />
      </svg>
      {value.toFixed(1)} <span aria-hidden="true">({count})</span>
    </span>
  );
}
