import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';
import { input } from './form.css.ts';

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, marginBottom: vars.space.md });

export const controlInvalid = style({ borderColor: vars.color.danger });

export const textarea = style([input, { minHeight: 88, padding: vars.space.sm, resize: 'vertical' }]);

export const select = style({
  border: 'none',
  borderRight: `1px solid ${vars.color.border}`,
  background: vars.color.page,
  padding: `0 ${vars.space.sm}`,
  color: vars.color.text,
  maxWidth: 120,
});

export const inlineButton = style({
  border: 'none',
  background: 'transparent',
  color: vars.color.brand,
  fontWeight: 600,
  padding: `0 ${vars.space.md}`,
  cursor: 'pointer',
  selectors: { '&:disabled': { color: vars.color.muted, cursor: 'not-allowed' } },
});

const alert = style({
  borderRadius: vars.radius.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  marginBottom: vars.space.md,
  fontSize: '0.95rem',
});

export const alertError = style([
  alert,
  { background: vars.color.dangerSoft, color: vars.color.danger, border: `1px solid ${vars.color.danger}` },
]);

export const alertInfo = style([
  alert,
  { background: vars.color.successSoft, color: vars.color.success, border: `1px solid ${vars.color.success}` },
]);
