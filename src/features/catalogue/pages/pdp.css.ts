import { globalStyle, style } from '@vanilla-extract/css';
import { DESKTOP, vars } from '../../../ui/theme/theme.css.ts';

export const pdp = style({
  display: 'grid',
  gap: vars.space.lg,
  '@media': { [DESKTOP]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: vars.space.xl, alignItems: 'start' } },
});

export const gallery = style({ display: 'grid', gap: vars.space.sm, '@media': { [DESKTOP]: { position: 'sticky', top: 132 } } });

export const mainImage = style({
  width: '100%',
  height: 'auto',
  aspectRatio: '1 / 1',
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  display: 'block',
});

export const thumbs = style({ display: 'flex', gap: vars.space.sm, listStyle: 'none', margin: 0, padding: 0, overflowX: 'auto' });

export const thumb = style({
  padding: 2,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  cursor: 'pointer',
  lineHeight: 0,
  selectors: { '&[aria-pressed="true"]': { borderColor: vars.color.brand } },
});

globalStyle(`${thumb} img`, { borderRadius: vars.radius.sm, display: 'block' });

export const buyBox = style({ display: 'grid', gap: vars.space.md, alignContent: 'start', minWidth: 0 });

export const titleRow = style({ display: 'flex', gap: 10, alignItems: 'flex-start' });

globalStyle(`${titleRow} h1`, { fontSize: 22, margin: 0, '@media': { [DESKTOP]: { fontSize: 28 } } });
globalStyle(`${titleRow} > span`, { marginTop: 6 });

export const priceBox = style({ display: 'grid', gap: 2 });

export const swatchGroup = style({ border: 'none', margin: 0, padding: 0, minWidth: 0 });

globalStyle(`${swatchGroup} legend`, { fontWeight: 700, padding: 0, marginBottom: 6 });

export const swatchOptions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const swatch = style({ position: 'relative', display: 'inline-flex' });

globalStyle(`${swatch} input`, { position: 'absolute', opacity: 0, inset: 0, margin: 0, cursor: 'pointer' });
globalStyle(`${swatch} span`, {
  minHeight: 44,
  minWidth: 56,
  padding: '0 14px',
  display: 'inline-grid',
  placeItems: 'center',
  borderRadius: vars.radius.md,
  border: `1.5px solid ${vars.color.muted}`,
  background: vars.color.surface,
  fontWeight: 500,
});
globalStyle(`${swatch} input:checked + span`, {
  borderColor: vars.color.brand,
  background: vars.color.brandSoft,
  color: vars.color.brandDark,
  fontWeight: 700,
  boxShadow: `inset 0 0 0 1px ${vars.color.brand}`,
});
globalStyle(`${swatch} input:focus-visible + span`, { outline: `3px solid ${vars.color.accent}`, outlineOffset: 2 });
globalStyle(`${swatch}[data-out="true"] span`, { borderStyle: 'dashed', color: vars.color.muted, textDecoration: 'line-through' });

export const actions = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.sm,
  '@media': { [DESKTOP]: { gridTemplateColumns: '1fr 1fr auto' } },
});

export const wishlistCell = style({ gridColumn: '1 / -1', display: 'grid', '@media': { [DESKTOP]: { gridColumn: 'auto' } } });

export const offerList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });

export const offer = style({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 8, alignItems: 'start', fontSize: 15 });

export const offerTag = style({
  background: vars.color.accentSoft,
  color: vars.color.accent,
  borderRadius: vars.radius.sm,
  padding: '1px 8px',
  fontWeight: 700,
  fontSize: 13,
  whiteSpace: 'nowrap',
});

export const highlights = style({ margin: 0, paddingLeft: 20, display: 'grid', gap: 4 });
