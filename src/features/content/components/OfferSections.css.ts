import { style } from '@vanilla-extract/css';
import { DESKTOP, TABLET, vars } from '../../../ui/theme/theme.css.ts';

export { page, muted as lead, pageTitle as title } from '../../../ui/blocks.css.ts';

export const head = style({ display: 'grid', gap: vars.space.xs });

export const cardGrid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': {
    [TABLET]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [DESKTOP]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});

export const offerCard = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  display: 'grid',
  gap: vars.space.xs,
  height: '100%',
  boxSizing: 'border-box',
});

export const couponCode = style({
  justifySelf: 'start',
  fontWeight: 700,
  letterSpacing: 1,
  border: `1px dashed ${vars.color.brand}`,
  color: vars.color.brand,
  background: vars.color.brandSoft,
  borderRadius: vars.radius.sm,
  padding: '2px 8px',
});

export const small = style({ color: vars.color.muted, fontSize: 14, margin: 0 });

export const brandChips = style({
  listStyle: 'none',
  margin: 0,
  padding: '0 0 4px',
  display: 'flex',
  gap: vars.space.sm,
  overflowX: 'auto',
  scrollSnapType: 'x mandatory',
});

export const brandChip = style({
  scrollSnapAlign: 'start',
  flex: 'none',
  whiteSpace: 'nowrap',
  display: 'grid',
  gap: 2,
  minWidth: 132,
  minHeight: 44,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: 'none',
});

export const chipOff = style({ color: vars.color.accent, fontWeight: 700, fontSize: 14 });

export const freebie = style([offerCard, { gridTemplateColumns: '56px minmax(0, 1fr)', alignItems: 'center', gap: vars.space.md }]);

export const previewBar = style({
  background: vars.color.accentSoft,
  color: vars.color.text,
  border: `1px solid ${vars.color.accent}`,
  borderRadius: vars.radius.md,
  padding: vars.space.sm,
  margin: 0,
});

export const error = style({
  display: 'grid',
  gap: vars.space.sm,
  justifyItems: 'start',
  padding: vars.space.md,
  border: `1px solid ${vars.color.danger}`,
  background: vars.color.dangerSoft,
  borderRadius: vars.radius.md,
});
