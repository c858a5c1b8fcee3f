import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme/theme.css.ts';

export const rating = style({ display: 'inline-flex', alignItems: 'center', gap: 4, fontSize: 13, color: vars.color.muted });

export const star = style({ color: '#b54708' });
