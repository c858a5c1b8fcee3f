import { style } from '@vanilla-extract/css';
import { DESKTOP, vars } from '../../../ui/theme/theme.css.ts';

export const page = style({
  display: 'grid',
  gap: vars.space.lg,
  '@media': { [DESKTOP]: { gridTemplateColumns: '1fr 360px', alignItems: 'start' } },
});

export const sticky = style({ display: 'grid', gap: vars.space.md, '@media': { [DESKTOP]: { position: 'sticky', top: 16 } } });

export const lines = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });
