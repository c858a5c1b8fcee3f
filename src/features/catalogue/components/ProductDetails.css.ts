import { globalStyle, style } from '@vanilla-extract/css';
import { TABLET, vars } from '../../../ui/theme/theme.css.ts';

// The product page's "Product details": the label's declarations, one under another on a phone, a two-column list
// from a tablet up, and the nutrition table.
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: '2px 16px',
  margin: 0,
  fontSize: 15,
  '@media': { [TABLET]: { gridTemplateColumns: 'minmax(140px, 220px) minmax(0, 1fr)', rowGap: 10 } },
});
globalStyle(`${facts} dt`, { color: vars.color.muted, fontWeight: 600, marginTop: 8 });
globalStyle(`${facts} dd`, { margin: 0, overflowWrap: 'anywhere' });
globalStyle(`${facts} dt:first-child`, { marginTop: 0 });
globalStyle(`${facts} dt`, { '@media': { [TABLET]: { marginTop: 0 } } });

export const mark = style({ display: 'inline-flex', alignItems: 'center', gap: 6 });

export const table = style({ width: '100%', maxWidth: 640, borderCollapse: 'collapse', fontSize: 14, fontVariantNumeric: 'tabular-nums' });
globalStyle(`${table} caption`, { textAlign: 'left', fontWeight: 700, fontSize: 16, paddingBottom: 6 });
globalStyle(`${table} th, ${table} td`, { padding: '6px 4px', borderBottom: `1px solid ${vars.color.border}`, textAlign: 'right' });
globalStyle(`${table} th[scope="row"], ${table} thead th:first-child`, { textAlign: 'left', fontWeight: 500 });

export const perServing = style({ margin: 0, fontSize: 14, fontWeight: 600 });
