import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme/theme.css.ts';

export const input = style({
  flex: 1,
  minWidth: 0,
  minHeight: 44,
  padding: '0 12px',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  textTransform: 'uppercase',
});
