import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme/theme.css.ts';

export const lineImage = style({ borderRadius: vars.radius.md, background: vars.color.page, display: 'block' });

export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });

export const summaryRow = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.md });

export const saving = style({ color: vars.color.success, fontWeight: 600 });
