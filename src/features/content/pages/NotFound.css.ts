import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme/theme.css.ts';

export const search = style({ display: 'flex', gap: vars.space.sm, margin: `${vars.space.lg} 0 0` });
export const input = style({
  flex: 1,
  minWidth: 0,
  minHeight: 44,
  padding: '8px 12px',
  fontSize: 16,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
});
export const sections = style({ marginTop: vars.space.lg });
export const sectionList = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  justifyContent: 'center',
});
export const sectionLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 44,
  padding: '0 12px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  color: vars.color.text,
  textDecoration: 'none',
  fontWeight: 500,
});
