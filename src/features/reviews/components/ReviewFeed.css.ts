import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme/theme.css.ts';

export const feed = style({ display: 'grid', gap: vars.space.md });
export const controls = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'end' });
export const field = style({ display: 'grid', gap: 4, fontSize: 14, fontWeight: 600 });
export const select = style({
  minHeight: 44,
  padding: '0 12px',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: 15,
});
export const check = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.sm, minHeight: 44, fontSize: 15 });
export const list = style({ display: 'grid', gap: vars.space.sm, listStyle: 'none', margin: 0, padding: 0 });
export const carousel = style({
  display: 'flex',
  gap: vars.space.sm,
  overflowX: 'auto',
  listStyle: 'none',
  margin: 0,
  padding: `0 0 ${vars.space.xs}`,
  scrollSnapType: 'x mandatory',
});
export const carouselItem = style({ scrollSnapAlign: 'start', flex: '0 0 auto' });
export const carouselButton = style({
  padding: 0,
  lineHeight: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: 'none',
  cursor: 'pointer',
});
export const carouselImg = style({ width: 96, height: 96, objectFit: 'cover', borderRadius: vars.radius.md });
export const empty = style({
  padding: vars.space.lg,
  textAlign: 'center',
  color: vars.color.muted,
  background: vars.color.surface,
  borderRadius: vars.radius.md,
});
export const heading = style({ fontSize: 18, margin: 0 });
