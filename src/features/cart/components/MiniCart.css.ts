import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme/theme.css.ts';

export const mini = style({ position: 'relative' });

export const miniPanel = style({
  position: 'absolute',
  right: 0,
  top: '100%',
  width: 320,
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.pop,
  padding: vars.space.md,
  zIndex: 60,
  display: 'grid',
  gap: vars.space.sm,
});

export const miniItem = style({
  display: 'grid',
  gridTemplateColumns: '48px 1fr auto',
  gap: vars.space.sm,
  alignItems: 'center',
  fontSize: 14,
});

export const count = style({
  minWidth: 20,
  height: 20,
  padding: '0 6px',
  borderRadius: vars.radius.pill,
  background: vars.color.accent,
  color: '#fff',
  fontSize: 12,
  fontWeight: 700,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
});
