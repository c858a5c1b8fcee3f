import { style } from '@vanilla-extract/css';
import { vars } from './theme/theme.css.ts';

export const couponList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });

export const coupon = style({
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.sm,
  display: 'grid',
  gap: 4,
});

export const couponCode = style({ fontWeight: 700, letterSpacing: 1 });
