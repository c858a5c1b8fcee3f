import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme/theme.css.ts';

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });
export const line = style({
  display: 'grid',
  gridTemplateColumns: '64px 1fr auto',
  gap: vars.space.sm,
  alignItems: 'center',
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const image = style({ borderRadius: vars.radius.sm, background: vars.color.page, display: 'block' });
export const name = style({ fontWeight: 600, fontSize: 15, overflowWrap: 'anywhere' });
export const muted = style({ color: vars.color.muted, fontSize: 14 });
export const gift = style({ color: vars.color.success, fontWeight: 700, fontSize: 14 });
export const price = style({ textAlign: 'right', fontWeight: 600 });
