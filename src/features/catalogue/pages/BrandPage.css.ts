import { globalStyle, style } from '@vanilla-extract/css';
import { DESKTOP, vars } from '../../../ui/theme/theme.css.ts';

export const hero = style({
  display: 'grid',
  gridTemplateColumns: '72px 1fr',
  gap: vars.space.md,
  alignItems: 'center',
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.md,
  '@media': { [DESKTOP]: { gridTemplateColumns: '112px 1fr' } },
});

globalStyle(`${hero} img`, { borderRadius: vars.radius.md, width: '100%', height: 'auto' });

export const heroText = style({ display: 'grid', gap: 4, minWidth: 0 });
