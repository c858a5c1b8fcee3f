import { formatPaise, percentOff } from '../../schemas/money.ts';
import { visuallyHidden } from './theme/global.css.ts';

/** Sale price, struck-through MRP and percent off, in Indian rupee grouping (SPEC §5). */
export function Price({ mrp, sale, size = 'md' }: { mrp: number; sale: number; size?: 'md' | 'lg' }) {
  const off = percentOff(mrp, sale);
  return (
    <span style={{ display: 'inline-flex', gap: 8, alignItems: 'baseline', flexWrap: 'wrap' }}>
      <strong style={{ fontSize: size === 'lg' ? 26 : 17 }}>{formatPaise(sale)}</strong>
      {off > 0 && (
        <>
          <s style={{ color: '#4b5b55' }}>
            <span className={visuallyHidden}>MRP </span>
            {formatPaise(mrp)}
          </s>
          <span style={{ color: '#067647', fontWeight: 600 }}>{off}% off</span>
        </>
      )}
    </span>
  );
}
