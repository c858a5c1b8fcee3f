import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme/theme.css.ts';

export const panel = style({
  margin: `${vars.space.md} 0`,
  padding: '12px 14px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
export const heading = style({ margin: `0 0 ${vars.space.xs}`, fontSize: '1rem', fontWeight: 600 });
export const form = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', flexWrap: 'wrap' });
export const input = style({
  width: '9ch',
  minHeight: 44,
  padding: '8px 10px',
  border: `1px solid ${vars.color.muted}`,
  borderRadius: vars.radius.sm,
  font: 'inherit',
  letterSpacing: '0.08em',
});
export const check = style({
  minHeight: 44,
  padding: '8px 14px',
  border: `1px solid ${vars.color.brand}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.brand,
  font: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
});
export const line = style({ margin: `${vars.space.xs} 0 0` });
export const date = style({ fontWeight: 600, color: vars.color.success });
export const muted = style({ color: vars.color.muted });
export const error = style({ margin: `${vars.space.xs} 0 0`, color: vars.color.danger });
export const change = style({
  marginLeft: vars.space.sm,
  minHeight: 44,
  padding: '0 4px',
  border: 'none',
  background: 'none',
  color: vars.color.brand,
  font: 'inherit',
  fontWeight: 600,
  textDecoration: 'underline',
  cursor: 'pointer',
});
