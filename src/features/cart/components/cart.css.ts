import { style, styleVariants } from '@vanilla-extract/css';
import { DESKTOP, vars } from '../../../ui/theme/theme.css.ts';

export const page = style({
  display: 'grid',
  gap: vars.space.lg,
  '@media': { [DESKTOP]: { gridTemplateColumns: '1fr 360px', alignItems: 'start' } },
});
export const column = style({ display: 'grid', gap: vars.space.md, minWidth: 0 });
export const sticky = style({ display: 'grid', gap: vars.space.md, '@media': { [DESKTOP]: { position: 'sticky', top: 16 } } });
export const sectionTitle = style({ fontSize: 18, margin: 0 });
export const lines = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });
export const line = style({
  display: 'grid',
  gridTemplateColumns: '88px 1fr',
  gap: vars.space.md,
  padding: vars.space.md,
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
});
export const lineImage = style({ borderRadius: vars.radius.md, background: vars.color.page, display: 'block' });
export const lineBody = style({ display: 'grid', gap: 6, minWidth: 0 });
export const lineName = style({
  color: vars.color.text,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.brand } },
});
export const meta = style({ color: vars.color.muted, fontSize: 14 });
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
export const linkButton = style({
  background: 'none',
  border: 'none',
  padding: '8px 4px',
  minHeight: 44,
  color: vars.color.brand,
  fontWeight: 600,
  cursor: 'pointer',
  textDecoration: 'underline',
  selectors: { '&:disabled': { color: vars.color.muted, cursor: 'not-allowed' } },
});
export const select = style({
  minHeight: 44,
  padding: '0 10px',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});
export const badge = styleVariants({
  free: {
    background: vars.color.successSoft,
    color: vars.color.success,
    borderRadius: vars.radius.pill,
    padding: '2px 10px',
    fontSize: 13,
    fontWeight: 700,
  },
  warn: { background: vars.color.accentSoft, color: vars.color.accent, borderRadius: vars.radius.sm, padding: '4px 8px', fontSize: 14 },
  danger: { background: vars.color.dangerSoft, color: vars.color.danger, borderRadius: vars.radius.sm, padding: '4px 8px', fontSize: 14 },
});
export const summaryList = style({ margin: 0, display: 'grid', gap: 8 });
export const summaryRow = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.md });
export const summaryTotal = style([
  summaryRow,
  { borderTop: `1px solid ${vars.color.border}`, paddingTop: 10, fontWeight: 700, fontSize: 18 },
]);
export const saving = style({ color: vars.color.success, fontWeight: 600 });
export const input = style({
  flex: 1,
  minWidth: 0,
  minHeight: 44,
  padding: '0 12px',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  textTransform: 'uppercase',
});
export const couponList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });
export const coupon = style({
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.sm,
  display: 'grid',
  gap: 4,
});
export const couponCode = style({ fontWeight: 700, letterSpacing: 1 });
export const progress = style({ height: 8, borderRadius: vars.radius.pill, background: vars.color.brandSoft, overflow: 'hidden' });
export const progressBar = style({ height: '100%', background: vars.color.brand });
export const grid = style({ display: 'grid', gap: vars.space.md, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' });
export const tile = style({
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.sm,
  display: 'grid',
  gap: 6,
  alignContent: 'start',
});
export const tileName = style({ color: vars.color.text, textDecoration: 'none', fontWeight: 600, fontSize: 15 });
export const empty = style({
  textAlign: 'center',
  padding: `${vars.space.xl} ${vars.space.md}`,
  display: 'grid',
  gap: vars.space.md,
  justifyItems: 'center',
});
export const mini = style({ position: 'relative' });
export const miniPanel = style({
  position: 'absolute',
  right: 0,
  top: '100%',
  width: 320,
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.pop,
  padding: vars.space.md,
  zIndex: 60,
  display: 'grid',
  gap: vars.space.sm,
});
export const miniItem = style({
  display: 'grid',
  gridTemplateColumns: '48px 1fr auto',
  gap: vars.space.sm,
  alignItems: 'center',
  fontSize: 14,
});
export const count = style({
  minWidth: 20,
  height: 20,
  padding: '0 6px',
  borderRadius: vars.radius.pill,
  background: vars.color.accent,
  color: '#fff',
  fontSize: 12,
  fontWeight: 700,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
});
