import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme/theme.css.ts';

export const line = style({
  display: 'grid',
  gridTemplateColumns: '88px 1fr',
  gap: vars.space.md,
  padding: vars.space.md,
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
});

export const lineBody = style({ display: 'grid', gap: 6, minWidth: 0 });

export const lineName = style({
  color: vars.color.text,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.brand } },
});

export const select = style({
  minHeight: 44,
  padding: '0 10px',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});
