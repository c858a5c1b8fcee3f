import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme/theme.css.ts';

// Fixed to the bottom of the screen so it never pushes the page down (no layout shift as it appears).
export const banner = style({
  position: 'fixed',
  insetInline: 0,
  bottom: 0,
  zIndex: 40,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  boxShadow: '0 -4px 16px rgba(0,0,0,0.08)',
});
export const text = style({ flex: '1 1 160px', margin: 0, fontSize: 14 });
export const close = style({
  minWidth: 44,
  minHeight: 44,
  border: 'none',
  background: 'transparent',
  color: vars.color.text,
  fontSize: 22,
  cursor: 'pointer',
});
