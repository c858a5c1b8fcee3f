import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { DESKTOP, TABLET, vars } from '../../../ui/theme/theme.css.ts';

// Catalogue pages, mobile first: one column and horizontal rails on phones, grids and a filter sidebar from the
// 992px breakpoint (SPEC §9).
export { muted, page, pageTitle } from '../../../ui/blocks.css.ts';

export const section = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.md, minWidth: 0 });

export const sectionTitle = style({ fontSize: 20, margin: 0, '@media': { [DESKTOP]: { fontSize: 22 } } });

export const grid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': {
    [TABLET]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: vars.space.md },
    [DESKTOP]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
});

/** Inside a listing with the filter sidebar, three columns on desktop. */
export const gridNarrow = style({ '@media': { [DESKTOP]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } } });

export const card = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: 6,
  height: '100%',
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: 10,
  minWidth: 0,
});

export const cardBrand = style({
  fontSize: 13,
  color: vars.color.muted,
  margin: 0,
  fontWeight: 600,
  textTransform: 'uppercase',
  letterSpacing: 0.3,
});

export const stock = styleVariants({
  in: { color: vars.color.success, fontWeight: 600, margin: 0 },
  out: { color: vars.color.danger, fontWeight: 600, margin: 0 },
});

export const chip = style({
  minHeight: 36,
  display: 'inline-flex',
  alignItems: 'center',
  gap: 6,
  padding: '0 12px',
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.brandSoft,
  color: vars.color.brandDark,
  fontWeight: 600,
  fontSize: 14,
  cursor: 'pointer',
  textDecoration: 'none',
});

export const chipPlain = style([chip, { background: vars.color.surface, color: vars.color.brand }]);

export const linkButton = style({
  background: 'none',
  border: 'none',
  padding: '8px 0',
  minHeight: 40,
  color: vars.color.brand,
  fontWeight: 600,
  cursor: 'pointer',
  textDecoration: 'underline',
  justifySelf: 'start',
});

export const empty = style({
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  padding: vars.space.xl,
  textAlign: 'center',
  display: 'grid',
  gap: vars.space.sm,
  justifyItems: 'center',
});

export const tiles = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  '@media': { [TABLET]: { gridTemplateColumns: 'repeat(auto-fill, minmax(128px, 1fr))', gap: vars.space.md } },
});

export const tile = style({
  display: 'grid',
  gap: 6,
  textAlign: 'center',
  color: vars.color.text,
  textDecoration: 'none',
  fontWeight: 600,
  fontSize: 14,
  lineHeight: 1.3,
  selectors: { '&:hover': { color: vars.color.brand } },
});

globalStyle(`${tile} img`, { width: '100%', height: 'auto', borderRadius: vars.radius.lg, display: 'block', boxShadow: vars.shadow.card });

export const tabs = style({ display: 'flex', gap: 6, overflowX: 'auto', listStyle: 'none', margin: 0, padding: '0 0 4px' });

globalStyle(`${tabs} > li`, { flex: '0 0 auto' });
globalStyle(`${tabs} a`, { whiteSpace: 'nowrap' });

export const panel = style({
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.md,
  display: 'grid',
  gap: vars.space.sm,
});
