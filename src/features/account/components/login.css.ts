import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme/theme.css.ts';

// The dashboard layout draws the card and the logo; this is what goes inside.
export const page = style({ display: 'flex', justifyContent: 'center' });
export const card = style({ width: '100%', padding: vars.space.sm });
export const title = style({ fontSize: '1.5rem', margin: `0 0 ${vars.space.xs}` });
export const subtitle = style({ fontSize: '1.1rem', fontWeight: 600, margin: `0 0 ${vars.space.md}`, color: vars.color.muted });
export const submit = style({ width: '100%' });
export const divider = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  margin: `${vars.space.lg} 0`,
  color: vars.color.muted,
  selectors: { '&::before, &::after': { content: '""', flex: 1, borderTop: `1px solid ${vars.color.border}` } },
});
export const google = style({
  width: '100%',
  minHeight: 44,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.page } },
});
export const linksRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.md,
  margin: `${vars.space.sm} 0 ${vars.space.md}`,
  flexWrap: 'wrap',
});
export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  justifyContent: 'center',
  marginTop: vars.space.lg,
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: '0.85rem',
});
export const resendRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  margin: `0 0 ${vars.space.md}`,
  fontSize: '0.9rem',
});
