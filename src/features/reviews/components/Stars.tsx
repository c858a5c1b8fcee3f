import { useId, useState } from 'react';
import { visuallyHidden } from '../../../ui/theme/global.css.ts';
import * as css from './Stars.css.ts';

const STAR = 'm12 2 3 6.6 7.2.7-5.4 4.8 1.6 7.1L12 17.5 5.6 21.2l1.6-7.1L1.8 9.3 9 8.6z';
export const STAR_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

function Star({ size, on }: { size: number; on: boolean }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={on ? undefined : css.empty}>
      <path fill="currentColor" d={STAR} />
    </svg>
  );
}

/** A star rating shown (not chosen), read as "4 out of 5 stars". */
export function Stars({ value, size = 16 }: { value: number; size?: number }) {
  const full = Math.round(value);
  return (
    <span className={css.stars} role="img" aria-label={`${value % 1 ? value.toFixed(1) : value} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} size={size} on={n <= full} />
      ))}
    </span>
  );
}

/**
 * Choosing 1 to 5 stars: five native radio buttons under one legend, so arrow keys move the choice, Tab enters
 * and leaves the group, and a screen reader says "3 stars, Good, radio button, 3 of 5".
 */
export function StarInput({
  label,
  value,
  onChange,
  name,
  required = true,
}: {
  label: string;
  value: number | null;
  onChange: (stars: number) => void;
  name?: string;
  required?: boolean;
}) {
  const id = useId();
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value ?? 0;
  return (
    <fieldset className={css.group} onMouseLeave={() => setHover(null)}>
      <legend className={css.legend}>{label}</legend>
      <div className={css.options}>
        {[1, 2, 3, 4, 5].map((n) => (
          <span key={n} style={{ position: 'relative' }}>
            <input
              className={css.input}
              type="radio"
              id={`${id}-${n}`}
              name={name ?? id}
              value={n}
              checked={value === n}
              required={required && n === 1}
              onChange={() => onChange(n)}
            />
            <label htmlFor={`${id}-${n}`} className={`${css.option} ${n <= shown ? css.filled : ''}`} onMouseEnter={() => setHover(n)}>
              <Star size={32} on={n <= shown} />
              <span className={visuallyHidden}>
                {n} {n === 1 ? 'star' : 'stars'}, {STAR_WORDS[n]}
              </span>
            </label>
          </span>
        ))}
        <span className={css.chosenText} aria-hidden="true">
          {shown ? STAR_WORDS[shown] : ''}
        </span>
      </div>
    </fieldset>
  );
}
