import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme/theme.css.ts';

export const sectionHead = style({ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: vars.space.md });

export const seeAll = style({ fontWeight: 600, whiteSpace: 'nowrap', minHeight: 44, display: 'inline-flex', alignItems: 'center' });
