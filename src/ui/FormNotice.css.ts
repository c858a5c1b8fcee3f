import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme/theme.css.ts';

const base = style({
  margin: `0 0 ${vars.space.md}`,
  padding: '10px 14px',
  borderRadius: vars.radius.md,
  fontWeight: 500,
  display: 'flex',
  gap: 12,
  flexWrap: 'wrap',
  alignItems: 'baseline',
});

export const notice = styleVariants({
  success: [base, { background: vars.color.successSoft, color: vars.color.success, border: `1px solid ${vars.color.success}` }],
  error: [base, { background: vars.color.dangerSoft, color: vars.color.danger, border: `1px solid ${vars.color.danger}` }],
});
