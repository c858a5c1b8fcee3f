import { globalStyle, style } from '@vanilla-extract/css';
import { thumbnail } from '../../../ui/blocks.css.ts';
import { vars } from '../../../ui/theme/theme.css.ts';

// The account order pages, mobile first: one column; wider screens put facts side by side.
const WIDE = 'screen and (min-width: 768px)';

export const page = style({ display: 'grid', gap: vars.space.md });
export const heading = style({ margin: 0, fontSize: '1.4rem' });
export const muted = style({ color: vars.color.muted, fontSize: '0.9rem', margin: 0 });
export const panel = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  padding: vars.space.md,
  display: 'grid',
  gap: vars.space.sm,
});
export const panelHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: vars.space.sm,
});
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.md });
export const facts = style({
  display: 'grid',
  gap: vars.space.sm,
  '@media': { [WIDE]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
export const badge = style({
  display: 'inline-block',
  borderRadius: 999,
  padding: '2px 10px',
  fontSize: '0.85rem',
  fontWeight: 600,
  background: vars.color.brandSoft,
  color: vars.color.text,
});
export const badgeDone = style([badge, { background: vars.color.successSoft, color: vars.color.success }]);
export const badgeStopped = style([badge, { background: vars.color.dangerSoft, color: vars.color.danger }]);
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
export const actionLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 44,
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.brand}`,
  borderRadius: vars.radius.md,
  fontWeight: 600,
  textDecoration: 'none',
});
export const thumbs = style({ display: 'flex', gap: vars.space.xs, flexWrap: 'wrap' });
export const item = style({ display: 'grid', gridTemplateColumns: '64px minmax(0, 1fr)', gap: vars.space.sm, alignItems: 'start' });
export const itemImage = style({ width: 64, height: 64, objectFit: 'contain', borderRadius: vars.radius.sm, background: vars.color.page });
export const itemName = style({ margin: 0, fontWeight: 600 });
export const totals = style({ display: 'grid', gridTemplateColumns: '1fr auto', gap: `${vars.space.xs} ${vars.space.md}`, margin: 0 });
globalStyle(`${totals} dt`, { color: vars.color.muted });
globalStyle(`${totals} dd`, { margin: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' });
export const totalRow = style({ fontWeight: 700 });
export const timeline = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  borderLeft: `2px solid ${vars.color.border}`,
  display: 'grid',
  gap: vars.space.sm,
});
globalStyle(`${timeline} li`, { paddingLeft: vars.space.md, position: 'relative' });
globalStyle(`${timeline} li::before`, {
  content: '""',
  position: 'absolute',
  left: -7,
  top: 6,
  width: 12,
  height: 12,
  borderRadius: '50%',
  background: vars.color.brand,
});
export const choice = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', minHeight: 44 });
export const pager = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.sm, alignItems: 'center' });
export const photos = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap', listStyle: 'none', margin: 0, padding: 0 });
export const photo = style([thumbnail, { width: 72, height: 72 }]);
/** Buy again sits on a line of its own under the price (its form adds no box of its own). */
export const buyAgain = style({ marginTop: vars.space.xs });
