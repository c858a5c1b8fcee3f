import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme/theme.css.ts';

export const label = style({ fontWeight: 600, fontSize: '0.9rem' });

export const control = style({
  display: 'flex',
  alignItems: 'stretch',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  overflow: 'hidden',
  selectors: { '&:focus-within': { borderColor: vars.color.brand, boxShadow: `0 0 0 2px ${vars.color.brandSoft}` } },
});

export const input = style({
  flex: 1,
  minWidth: 0,
  minHeight: 44,
  border: 'none',
  padding: `0 ${vars.space.md}`,
  background: 'transparent',
  color: vars.color.text,
  outline: 'none',
  selectors: { '&:disabled': { color: vars.color.muted, background: vars.color.page } },
});

export const error = style({ color: vars.color.danger, fontSize: '0.85rem', margin: 0 });

export const hint = style({ color: vars.color.muted, fontSize: '0.85rem', margin: 0 });

export const row = style({ display: 'flex', gap: vars.space.md, flexWrap: 'wrap', alignItems: 'center' });

export const linkButton = style({
  border: 'none',
  background: 'none',
  padding: 0,
  color: vars.color.brand,
  fontWeight: 600,
  cursor: 'pointer',
  textDecoration: 'underline',
  selectors: { '&:disabled': { color: vars.color.muted, cursor: 'not-allowed', textDecoration: 'none' } },
});

export const panel = style({
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.lg,
  marginBottom: vars.space.lg,
});

export const checkbox = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'flex-start',
  marginBottom: vars.space.md,
  fontSize: '0.9rem',
});
