import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme/theme.css.ts';

export const tile = style({
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.sm,
  display: 'grid',
  gap: 6,
  alignContent: 'start',
});

export const tileName = style({ color: vars.color.text, textDecoration: 'none', fontWeight: 600, fontSize: 15 });
