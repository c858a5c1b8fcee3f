import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme/theme.css.ts';

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: 50,
  display: 'flex',
  alignItems: 'flex-end',
  justifyContent: 'center',
  background: 'rgba(0, 0, 0, 0.45)',
  '@media': { 'screen and (min-width: 640px)': { alignItems: 'center' } },
});

export const dialog = style({
  width: '100%',
  maxWidth: 440,
  maxHeight: '90vh',
  overflowY: 'auto',
  background: vars.color.surface,
  borderRadius: `${vars.radius.md} ${vars.radius.md} 0 0`,
  padding: vars.space.lg,
  display: 'grid',
  gap: vars.space.md,
  '@media': { 'screen and (min-width: 640px)': { borderRadius: vars.radius.md } },
});

export const title = style({ margin: 0, fontSize: '1.15rem', outline: 'none' });
