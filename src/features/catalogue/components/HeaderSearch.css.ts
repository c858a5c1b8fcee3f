import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme/theme.css.ts';

// The header search box and its suggestions: in the shell (every page), so kept apart from the page styles.

export const suggest = style({
  position: 'absolute',
  top: 'calc(100% + 4px)',
  left: 0,
  right: 0,
  zIndex: 60,
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.pop,
  border: `1px solid ${vars.color.border}`,
  maxHeight: 'min(70vh, 480px)',
  overflowY: 'auto',
  padding: '4px 0',
  margin: 0,
  listStyle: 'none',
});
export const suggestHead = style({
  padding: '8px 12px 4px',
  fontSize: 12,
  fontWeight: 700,
  textTransform: 'uppercase',
  color: vars.color.muted,
  letterSpacing: 0.4,
});
export const suggestOption = style({
  display: 'flex',
  alignItems: 'center',
  gap: 10,
  padding: '6px 12px',
  minHeight: 44,
  cursor: 'pointer',
  selectors: { '&[aria-selected="true"]': { background: vars.color.brandSoft }, '&:hover': { background: vars.color.page } },
});
globalStyle(`${suggestOption} img`, { borderRadius: vars.radius.sm, flex: '0 0 auto' });
export const suggestLabel = style({
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  lineHeight: 1.3,
});
export const searchField = style({
  width: '100%',
  minHeight: 44,
  padding: '0 14px 0 40px',
  borderRadius: 10,
  border: `1px solid ${vars.color.muted}`,
  background: vars.color.surface,
});
export const searchIcon = style({ position: 'absolute', left: 12, top: 11, color: vars.color.muted, pointerEvents: 'none', lineHeight: 0 });
