import { style } from '@vanilla-extract/css';
import { panel, thumbnail } from '../../../ui/blocks.css.ts';
import { DESKTOP, vars } from '../../../ui/theme/theme.css.ts';

export const page = style({
  display: 'grid',
  gap: vars.space.lg,
  padding: `${vars.space.md} 0 ${vars.space.xl}`,
  maxWidth: 860,
  margin: '0 auto',
  width: '100%',
});
export const header = style({ display: 'flex', gap: vars.space.md, alignItems: 'center' });
export const headerImg = style({
  width: 64,
  height: 64,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  flex: '0 0 auto',
});
export const title = style({ fontSize: 22, margin: 0, '@media': { [DESKTOP]: { fontSize: 28 } } });
export const muted = style({ color: vars.color.muted, margin: 0 });
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
export const form = panel;
export const field = style({ display: 'grid', gap: 6, fontWeight: 600 });
export const input = style({
  minHeight: 44,
  padding: '8px 12px',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  font: 'inherit',
  fontWeight: 400,
  color: vars.color.text,
  background: vars.color.surface,
});
export const textarea = style([input, { minHeight: 140, resize: 'vertical' }]);
export const hint = style({ fontWeight: 400, fontSize: 13, color: vars.color.muted });
export const error = style({ color: vars.color.danger, fontWeight: 400, fontSize: 14, margin: 0 });
export const photos = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, listStyle: 'none', margin: 0, padding: 0 });
export const photo = style({ display: 'grid', gap: 4, justifyItems: 'center', fontSize: 13 });
export const photoImg = style([thumbnail, { width: 80, height: 80 }]);
export const section = style({ display: 'grid', gap: vars.space.md });
export const sectionTitle = style({ fontSize: 20, margin: 0 });
export const notice = style({ padding: vars.space.md, borderRadius: vars.radius.md, background: vars.color.accentSoft, margin: 0 });
