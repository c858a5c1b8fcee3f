import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme/theme.css.ts';

// Mobile filter sheet (Radix dialog).
export const overlay = style({ position: 'fixed', inset: 0, background: 'rgba(16,24,40,.45)', zIndex: 90 });

export const sheet = style({
  position: 'fixed',
  inset: 0,
  zIndex: 91,
  background: vars.color.surface,
  display: 'grid',
  gridTemplateRows: 'auto 1fr auto',
  maxHeight: '100dvh',
});

export const sheetHead = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const sheetBody = style({ overflowY: 'auto', padding: `0 ${vars.space.md}` });

export const sheetFoot = style({ padding: vars.space.md, borderTop: `1px solid ${vars.color.border}`, display: 'grid' });

export const closeButton = style({
  minWidth: 44,
  minHeight: 44,
  border: 'none',
  background: 'none',
  fontSize: 28,
  lineHeight: 1,
  cursor: 'pointer',
  color: vars.color.text,
});
