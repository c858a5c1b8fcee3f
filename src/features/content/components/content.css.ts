import { style, styleVariants } from '@vanilla-extract/css';
import { fieldBox } from '../../../ui/blocks.css.ts';
import { vars } from '../../../ui/theme/theme.css.ts';

// Shared look of the content pages: a readable column, cards in a responsive grid, result banners.
export const page = style({ maxWidth: 960, display: 'grid', gap: vars.space.lg });
export const lead = style({ color: vars.color.muted, margin: 0 });
export const grid = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
  padding: 0,
  margin: 0,
  listStyle: 'none',
});
export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, padding: 0, margin: 0, listStyle: 'none' });
export const chip = style({
  minHeight: 44,
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  font: 'inherit',
  selectors: { '&[aria-pressed="true"]': { background: vars.color.brand, color: '#fff', borderColor: vars.color.brand } },
});
export const certificate = style({
  width: '100%',
  height: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: '#fffdf5',
});
export const form = style({ display: 'grid', gap: vars.space.md, maxWidth: 560 });
export const twoColumns = style({
  display: 'grid',
  gap: vars.space.md,
  '@media': { 'screen and (min-width: 768px)': { gridTemplateColumns: '1fr 1fr' } },
});
export const result = styleVariants({
  genuine: {
    padding: vars.space.md,
    borderRadius: vars.radius.md,
    background: vars.color.successSoft,
    color: vars.color.success,
    border: `1px solid ${vars.color.success}`,
  },
  warning: {
    padding: vars.space.md,
    borderRadius: vars.radius.md,
    background: vars.color.accentSoft,
    color: vars.color.accent,
    border: `1px solid ${vars.color.accent}`,
  },
  error: {
    padding: vars.space.md,
    borderRadius: vars.radius.md,
    background: vars.color.dangerSoft,
    color: vars.color.danger,
    border: `1px solid ${vars.color.danger}`,
  },
});
export const meta = style({ color: vars.color.muted, fontSize: 14, margin: 0 });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, marginTop: vars.space.sm });
export const select = style([fieldBox, { padding: `0 ${vars.space.sm}` }]);
export const radios = style({ display: 'flex', gap: vars.space.lg, border: 'none', padding: 0, margin: 0 });
