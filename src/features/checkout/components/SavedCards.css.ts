import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme/theme.css.ts';

export const list = style({ border: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.xs });
export const legend = style({ fontSize: 14, fontWeight: 600, padding: 0, marginBottom: vars.space.xs });
export const row = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minHeight: 44 });
export const choice = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, flex: 1, cursor: 'pointer', minHeight: 44 });
export const radio = style({ width: 20, height: 20, accentColor: vars.color.brand });
export const expiry = style({ color: vars.color.muted, fontSize: 14 });
export const remove = style({
  minHeight: 44,
  minWidth: 44,
  padding: '0 12px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.danger,
  fontSize: 14,
  cursor: 'pointer',
});
export const networks = style({ margin: 0, color: vars.color.muted, fontSize: 14 });
export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: 50,
  display: 'flex',
  alignItems: 'flex-end',
  justifyContent: 'center',
  background: 'rgba(0, 0, 0, 0.45)',
  '@media': { 'screen and (min-width: 640px)': { alignItems: 'center' } },
});
export const dialog = style({
  width: '100%',
  maxWidth: 420,
  background: vars.color.surface,
  borderRadius: `${vars.radius.md} ${vars.radius.md} 0 0`,
  padding: vars.space.lg,
  display: 'grid',
  gap: vars.space.md,
  '@media': { 'screen and (min-width: 640px)': { borderRadius: vars.radius.md } },
});
export const title = style({ margin: 0, fontSize: '1.15rem', outline: 'none' });
export const actions = style({ display: 'flex', gap: vars.space.sm, justifyContent: 'flex-end', flexWrap: 'wrap' });
export const button = style({
  minHeight: 44,
  padding: '0 16px',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: 16,
  cursor: 'pointer',
});
export const danger = style({ background: vars.color.danger, borderColor: vars.color.danger, color: '#fff' });
