import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme/theme.css.ts';

// The field styles are the form kit's (src/ui/form); the account's own forms read them from here too.
export { control, error, hint, input, label } from '../../../ui/form/form.css.ts';

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
