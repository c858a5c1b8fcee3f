import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme/theme.css.ts';

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });
export const option = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  cursor: 'pointer',
  selectors: { '&:has(input:checked)': { borderColor: vars.color.brand, boxShadow: `0 0 0 1px ${vars.color.brand}` } },
});
export const radio = style({ width: 20, height: 20, marginTop: 2, accentColor: vars.color.brand });
export const name = style({ fontWeight: 600 });
export const muted = style({ color: vars.color.muted, fontSize: 14 });
export const warn = style({ color: vars.color.danger, fontSize: 14, fontWeight: 600 });
export const estimate = style({ color: vars.color.success, fontSize: 14, fontWeight: 600 });
