import { style } from '@vanilla-extract/css';
import { DESKTOP, vars } from '../../../ui/theme/theme.css.ts';

export const stickyBar = style({
  position: 'fixed',
  left: 0,
  right: 0,
  bottom: 0,
  zIndex: 40,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  // Clear of the phone's home indicator.
  paddingBottom: `max(${vars.space.sm}, env(safe-area-inset-bottom))`,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  boxShadow: '0 -4px 12px rgba(16,24,40,.08)',
  // Phones only (SPEC §9); the script also renders it only below the breakpoint.
  '@media': { [DESKTOP]: { display: 'none' } },
});

export const stickyPrice = style({ display: 'grid', gap: 0, minWidth: 0 });

export const stickyName = style({
  fontSize: 13,
  color: vars.color.muted,
  margin: 0,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});

export const stickyAction = style({ flex: '0 0 auto', minWidth: 140, display: 'grid' });
