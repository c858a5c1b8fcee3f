import { style } from '@vanilla-extract/css';
import { DESKTOP, vars } from '../../../ui/theme/theme.css.ts';

export const overlay = style({ position: 'fixed', inset: 0, background: 'rgba(16,24,40,.55)', zIndex: 50 });
export const content = style({
  position: 'fixed',
  zIndex: 51,
  inset: 'auto 0 0 0',
  maxHeight: '90vh',
  overflowY: 'auto',
  background: vars.color.surface,
  borderRadius: `${vars.radius.lg} ${vars.radius.lg} 0 0`,
  padding: vars.space.md,
  display: 'grid',
  gap: vars.space.sm,
  '@media': {
    [DESKTOP]: { inset: '50% auto auto 50%', transform: 'translate(-50%, -50%)', width: 560, borderRadius: vars.radius.lg },
  },
});
export const top = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.sm });
export const heading = style({ fontSize: 18, margin: 0 });
export const close = style({
  minWidth: 44,
  minHeight: 44,
  border: 'none',
  background: 'none',
  fontSize: 24,
  cursor: 'pointer',
  color: vars.color.text,
});
export const mainPhoto = style({ width: '100%', height: 'auto', borderRadius: vars.radius.md, background: vars.color.page });
export const thumbs = style({ display: 'flex', gap: vars.space.sm, listStyle: 'none', margin: 0, padding: 0 });
export const thumb = style({
  padding: 0,
  lineHeight: 0,
  border: `2px solid transparent`,
  borderRadius: vars.radius.sm,
  background: 'none',
  cursor: 'pointer',
  selectors: { '&[aria-pressed="true"]': { borderColor: vars.color.brand } },
});
