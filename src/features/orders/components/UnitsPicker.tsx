import * as css from './orders.css.ts';

/** How many units of an order line to cancel or return: 0 up to what the line still allows. */
export function UnitsPicker({
  id,
  verb,
  name,
  max,
  value,
  onChange,
  showMax = false,
}: {
  id: string;
  verb: 'Cancel' | 'Return';
  name: string;
  max: number;
  value: number;
  onChange(units: number): void;
  /** Say "of N" beside the choice. */
  showMax?: boolean;
}) {
  return (
    <div className={css.choice}>
      <label htmlFor={id}>{verb}</label>
      <select
        id={id}
        aria-label={`Units of ${name} to ${verb.toLowerCase()}`}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {Array.from({ length: max + 1 }, (_, n) => n).map((n) => (
          <option key={`units-${n}`} value={n}>
            {n}
          </option>
        ))}
      </select>
      {showMax && <span className={css.muted}>of {max}</span>}
    </div>
  );
}
