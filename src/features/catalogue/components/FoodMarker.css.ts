import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme/theme.css.ts';

export const marker = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: 16,
  height: 16,
  flex: '0 0 16px',
  border: '1.5px solid currentColor',
  borderRadius: 3,
  background: '#fff',
});

export const markerColour = styleVariants({ veg: { color: vars.color.veg }, 'non-veg': { color: vars.color.nonVeg } });
