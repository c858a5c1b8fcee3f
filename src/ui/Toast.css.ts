import { style, styleVariants } from '@vanilla-extract/css';
import { ALERTS_WIDE, vars } from './theme/theme.css.ts';

// SPEC §9 (768px for alerts): below 768px alerts run full width along the top, clear of the sticky buy and checkout
// bars at the bottom of a phone's screen; from 768px up they are a card in the top-right corner. Either way they
// start below the sticky header (--toast-top, its bottom edge, set by ToastProvider), never over it.
export const region = style({
  position: 'fixed',
  zIndex: 1000,
  left: 0,
  right: 0,
  top: 'var(--toast-top, 0px)',
  padding: 'calc(8px + env(safe-area-inset-top)) 8px 0',
  display: 'grid',
  gap: 8,
  pointerEvents: 'none',
  '@media': {
    [ALERTS_WIDE]: { left: 'auto', top: 'calc(var(--toast-top, 0px) + 16px)', right: 16, padding: 0, width: 380 },
  },
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
