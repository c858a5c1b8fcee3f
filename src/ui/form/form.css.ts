import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

// A form field's parts: its label, the control around the input, the input, the error and the hint lines.

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
