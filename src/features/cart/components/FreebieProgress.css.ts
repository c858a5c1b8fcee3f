import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme/theme.css.ts';

export const progress = style({ height: 8, borderRadius: vars.radius.pill, background: vars.color.brandSoft, overflow: 'hidden' });

export const progressBar = style({ height: '100%', background: vars.color.brand });
