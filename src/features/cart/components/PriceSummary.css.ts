import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme/theme.css.ts';
import { summaryRow } from './cart.css.ts';

export const summaryList = style({ margin: 0, display: 'grid', gap: 8 });

export const summaryTotal = style([
  summaryRow,
  { borderTop: `1px solid ${vars.color.border}`, paddingTop: 10, fontWeight: 700, fontSize: 18 },
]);
