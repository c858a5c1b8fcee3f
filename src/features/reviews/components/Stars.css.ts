import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme/theme.css.ts';

export const stars = style({ display: 'inline-flex', gap: 2, color: vars.color.accent, verticalAlign: 'middle' });
export const empty = style({ color: '#c3ccc8' });

export const group = style({ border: 'none', margin: 0, padding: 0 });
export const legend = style({ fontWeight: 600, marginBottom: vars.space.sm, padding: 0 });
export const options = style({ display: 'inline-flex', gap: vars.space.xs, flexDirection: 'row' });
export const input = style({ position: 'absolute', opacity: 0, width: 1, height: 1, margin: 0 });
export const option = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 44,
  height: 44,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  color: '#8a9792',
  selectors: {
    [`${input}:focus-visible + &`]: { outline: `3px solid ${vars.color.brand}`, outlineOffset: 2 },
  },
});
export const filled = style({ color: vars.color.accent });
export const chosenText = style({ marginLeft: vars.space.sm, color: vars.color.muted, fontSize: 14 });
