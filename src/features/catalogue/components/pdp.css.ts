import { globalStyle, style } from '@vanilla-extract/css';
import { DESKTOP, vars } from '../../../ui/theme/theme.css.ts';

// The product page's authenticity panel and the phone-only sticky buy bar.

export const sourceHead = style({ margin: 0, fontSize: 16 });
export const facts = style({ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: '6px 12px', margin: 0, fontSize: 14 });
globalStyle(`${facts} dt`, { color: vars.color.muted, fontWeight: 500 });
globalStyle(`${facts} dd`, { margin: 0, overflowWrap: 'anywhere' });
export const certNo = style({ fontVariantNumeric: 'tabular-nums', fontWeight: 600 });
// A licence number reads as one token: wrap before it, never at its hyphen.
export const nowrap = style({ whiteSpace: 'nowrap' });

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
