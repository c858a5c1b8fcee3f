import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme/theme.css.ts';

export const pager = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: 6,
  alignItems: 'center',
  justifyContent: 'center',
  listStyle: 'none',
  padding: 0,
});

export const pageLink = style({
  minWidth: 44,
  minHeight: 44,
  display: 'inline-grid',
  placeItems: 'center',
  padding: '0 10px',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.brand,
  textDecoration: 'none',
  fontWeight: 600,
  selectors: { '&[aria-current="page"]': { background: vars.color.brand, color: '#fff', borderColor: vars.color.brand } },
});
