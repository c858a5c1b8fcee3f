import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme/theme.css.ts';

export const facet = style({
  border: 'none',
  margin: 0,
  padding: `${vars.space.sm} 0`,
  borderTop: `1px solid ${vars.color.border}`,
  minWidth: 0,
});

globalStyle(`${facet}:first-of-type`, { borderTop: 'none' });

// A floated legend sits inside the fieldset instead of on its top border.
globalStyle(`${facet} legend`, { fontWeight: 700, padding: `${vars.space.sm} 0 4px`, fontSize: 15, float: 'left', width: '100%' });
globalStyle(`${facet} legend + *`, { clear: 'both' });

export const facetOption = style({
  display: 'grid',
  gridTemplateColumns: '22px 1fr auto',
  alignItems: 'center',
  gap: 8,
  minHeight: 40,
  cursor: 'pointer',
  fontSize: 15,
});

globalStyle(`${facetOption} input`, { width: 18, height: 18, margin: 0, accentColor: vars.color.brand });

export const facetCount = style({ color: vars.color.muted, fontSize: 13, fontVariantNumeric: 'tabular-nums' });

export const priceForm = style({ display: 'grid', gridTemplateColumns: '1fr 1fr auto', gap: 6, alignItems: 'end', marginTop: 6 });

globalStyle(`${priceForm} input`, {
  width: '100%',
  minHeight: 40,
  padding: '0 8px',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.muted}`,
});
globalStyle(`${priceForm} label`, { display: 'grid', gap: 2, fontSize: 13, color: vars.color.muted });
