import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme/theme.css.ts';

export const region = style({
  position: 'fixed',
  zIndex: 1000,
  left: '50%',
  transform: 'translateX(-50%)',
  top: 12,
  display: 'grid',
  gap: 8,
  width: 'min(92vw, 420px)',
  pointerEvents: 'none',
});
const base = style({
  pointerEvents: 'auto',
  padding: '12px 16px',
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.pop,
  fontWeight: 500,
  display: 'flex',
  justifyContent: 'space-between',
  gap: 12,
  alignItems: 'start',
});
export const kind = styleVariants({
  success: [base, { background: vars.color.successSoft, color: vars.color.success, border: `1px solid ${vars.color.success}` }],
  error: [base, { background: vars.color.dangerSoft, color: vars.color.danger, border: `1px solid ${vars.color.danger}` }],
  info: [base, { background: vars.color.surface, color: vars.color.text, border: `1px solid ${vars.color.border}` }],
});
export const close = style({
  background: 'none',
  border: 'none',
  cursor: 'pointer',
  color: 'inherit',
  fontSize: 18,
  lineHeight: 1,
  minWidth: 24,
  minHeight: 24,
});
