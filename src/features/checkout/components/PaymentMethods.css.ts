import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme/theme.css.ts';

export const list = style({ border: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });
export const legend = style({ fontSize: 18, fontWeight: 700, marginBottom: vars.space.sm, padding: 0 });
export const method = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  selectors: { '&:has(input[type=radio]:checked)': { borderColor: vars.color.brand, boxShadow: `0 0 0 1px ${vars.color.brand}` } },
});
export const choice = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'center',
  fontWeight: 600,
  cursor: 'pointer',
  minHeight: 44,
});
export const radio = style({ width: 20, height: 20, accentColor: vars.color.brand });
export const reason = style({ color: vars.color.muted, fontSize: 14, margin: 0 });
export const detail = style({ display: 'grid', gap: vars.space.xs, fontSize: 14 });
export const input = style({
  minHeight: 44,
  padding: '8px 12px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  fontSize: 16,
  background: vars.color.surface,
  color: vars.color.text,
});
export const offers = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.xs, fontSize: 14 });
export const offer = style({
  background: vars.color.successSoft,
  color: vars.color.text,
  padding: '6px 10px',
  borderRadius: vars.radius.sm,
});
export const applied = style({ margin: 0, fontWeight: 700, color: vars.color.success });
export const offerReason = style({ display: 'block', color: vars.color.muted, fontSize: 13 });
