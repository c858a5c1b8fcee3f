import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { DESKTOP, TABLET, vars } from '../../../ui/theme/theme.css.ts';

// Catalogue pages, mobile first: one column and horizontal rails on phones, grids and a filter sidebar from the
// 992px breakpoint (SPEC §9).

// One shrinkable column: a wide child (a scrolling row of chips) must not widen the page.
export const page = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.lg, minWidth: 0 });
export const section = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.md, minWidth: 0 });
export const sectionHead = style({ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: vars.space.md });
export const sectionTitle = style({ fontSize: 20, margin: 0, '@media': { [DESKTOP]: { fontSize: 22 } } });
export const pageTitle = style({ fontSize: 24, margin: 0, '@media': { [DESKTOP]: { fontSize: 28 } } });
export const muted = style({ color: vars.color.muted, margin: 0 });
export const seeAll = style({ fontWeight: 600, whiteSpace: 'nowrap', minHeight: 44, display: 'inline-flex', alignItems: 'center' });

// ---- breadcrumbs ---------------------------------------------------------------------------------------------
export const crumbs = style({ fontSize: 14, color: vars.color.muted, overflowX: 'auto' });
globalStyle(`${crumbs} ol`, { display: 'flex', flexWrap: 'wrap', gap: 4, listStyle: 'none', margin: 0, padding: 0 });
globalStyle(`${crumbs} li`, { display: 'inline-flex', alignItems: 'center', gap: 4 });
globalStyle(`${crumbs} li + li::before`, { content: '"/"', color: vars.color.muted, padding: '0 2px' });
globalStyle(`${crumbs} a`, { color: vars.color.brand, padding: '10px 0', display: 'inline-block' });
globalStyle(`${crumbs} [aria-current="page"]`, { color: vars.color.text, fontWeight: 600 });

// ---- product cards -------------------------------------------------------------------------------------------
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
export const rail = style({
  listStyle: 'none',
  margin: 0,
  padding: `0 0 ${vars.space.sm}`,
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: '46%',
  gap: vars.space.sm,
  overflowX: 'auto',
  scrollSnapType: 'x mandatory',
  overscrollBehaviorX: 'contain',
  '@media': { [TABLET]: { gridAutoColumns: '30%' }, [DESKTOP]: { gridAutoColumns: 'calc((100% - 48px) / 5)', gap: vars.space.md } },
});
globalStyle(`${rail} > li`, { scrollSnapAlign: 'start', minWidth: 0 });

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
export const cardImage = style({ display: 'block', borderRadius: vars.radius.md, background: vars.color.page });
globalStyle(`${cardImage} img`, { display: 'block', width: '100%', height: 'auto', aspectRatio: '1 / 1', borderRadius: vars.radius.md });
export const cardBrand = style({
  fontSize: 13,
  color: vars.color.muted,
  margin: 0,
  fontWeight: 600,
  textTransform: 'uppercase',
  letterSpacing: 0.3,
});
export const cardName = style({
  color: vars.color.text,
  fontWeight: 600,
  fontSize: 15,
  lineHeight: 1.35,
  textDecoration: 'none',
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  selectors: { '&:hover': { color: vars.color.brand, textDecoration: 'underline' } },
});
/** The card's name link covers the whole card, so the card is one big tap target with one tab stop. */
globalStyle(`${cardName}::after`, { content: '""', position: 'absolute', inset: 0, borderRadius: vars.radius.lg });
globalStyle(`${cardName}:focus-visible`, { outline: 'none' });
globalStyle(`${cardName}:focus-visible::after`, { outline: `3px solid ${vars.color.accent}`, outlineOffset: 2 });
export const cardVariant = style({ fontSize: 13, color: vars.color.muted, margin: 0 });
export const cardFoot = style({ marginTop: 'auto', display: 'grid', gap: 4 });
export const badgeRow = style({
  position: 'absolute',
  top: 16,
  left: 16,
  display: 'flex',
  gap: 4,
  flexWrap: 'wrap',
  pointerEvents: 'none',
});
export const badge = styleVariants({
  off: { background: vars.color.success, color: '#fff', borderRadius: vars.radius.sm, padding: '2px 6px', fontSize: 12, fontWeight: 700 },
  best: { background: vars.color.accent, color: '#fff', borderRadius: vars.radius.sm, padding: '2px 6px', fontSize: 12, fontWeight: 700 },
});
export const rank = style({
  position: 'absolute',
  top: 8,
  right: 8,
  width: 34,
  height: 34,
  borderRadius: '50%',
  background: vars.color.brandDark,
  color: '#fff',
  fontWeight: 800,
  display: 'grid',
  placeItems: 'center',
  zIndex: 1,
});
export const rating = style({ display: 'inline-flex', alignItems: 'center', gap: 4, fontSize: 13, color: vars.color.muted });
export const star = style({ color: '#b54708' });
export const stock = styleVariants({
  in: { color: vars.color.success, fontWeight: 600, margin: 0 },
  out: { color: vars.color.danger, fontWeight: 600, margin: 0 },
});

// ---- food-type marker (SPEC §3) ------------------------------------------------------------------------------
export const marker = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: 16,
  height: 16,
  flex: '0 0 16px',
  border: '1.5px solid currentColor',
  borderRadius: 3,
  background: '#fff',
});
export const markerColour = styleVariants({ veg: { color: vars.color.veg }, 'non-veg': { color: vars.color.nonVeg } });

// ---- listing: filters, sort, chips, pages -------------------------------------------------------------------
export const listingLayout = style({
  display: 'grid',
  gap: vars.space.md,
  alignItems: 'start',
  '@media': { [DESKTOP]: { gridTemplateColumns: '256px minmax(0, 1fr)', gap: vars.space.lg } },
});
export const sidebar = style({
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.md,
  position: 'sticky',
  top: 132,
  maxHeight: 'calc(100vh - 148px)',
  overflowY: 'auto',
});
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});
export const toolbarControls = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'center',
  width: '100%',
  '@media': { [DESKTOP]: { width: 'auto', marginLeft: 'auto' } },
});
globalStyle(`${toolbarControls} > *`, { flex: '1 1 0', '@media': { [DESKTOP]: { flex: '0 0 auto' } } });
export const select = style({
  minHeight: 44,
  padding: '0 10px',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.muted}`,
  background: vars.color.surface,
  color: vars.color.text,
  maxWidth: '100%',
});
export const filterButton = style({
  minHeight: 44,
  padding: '0 14px',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.brand}`,
  background: vars.color.surface,
  color: vars.color.brand,
  fontWeight: 600,
  display: 'inline-flex',
  alignItems: 'center',
  gap: 6,
  cursor: 'pointer',
});
export const countBadge = style({
  background: vars.color.brand,
  color: '#fff',
  borderRadius: vars.radius.pill,
  minWidth: 22,
  height: 22,
  fontSize: 13,
  display: 'inline-grid',
  placeItems: 'center',
  padding: '0 6px',
});
export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: 6, listStyle: 'none', margin: 0, padding: 0 });
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
export const facet = style({
  border: 'none',
  margin: 0,
  padding: `${vars.space.sm} 0`,
  borderTop: `1px solid ${vars.color.border}`,
  minWidth: 0,
});
globalStyle(`${facet}:first-of-type`, { borderTop: 'none' });
// A floated legend sits inside the fieldset instead of on its top border.
globalStyle(`${facet} legend`, { fontWeight: 700, padding: `${vars.space.sm} 0 4px`, fontSize: 15, float: 'left', width: '100%' });
globalStyle(`${facet} legend + *`, { clear: 'both' });
export const facetOption = style({
  display: 'grid',
  gridTemplateColumns: '22px 1fr auto',
  alignItems: 'center',
  gap: 8,
  minHeight: 40,
  cursor: 'pointer',
  fontSize: 15,
});
globalStyle(`${facetOption} input`, { width: 18, height: 18, margin: 0, accentColor: vars.color.brand });
export const facetCount = style({ color: vars.color.muted, fontSize: 13, fontVariantNumeric: 'tabular-nums' });
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
export const priceForm = style({ display: 'grid', gridTemplateColumns: '1fr 1fr auto', gap: 6, alignItems: 'end', marginTop: 6 });
globalStyle(`${priceForm} input`, {
  width: '100%',
  minHeight: 40,
  padding: '0 8px',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.muted}`,
});
globalStyle(`${priceForm} label`, { display: 'grid', gap: 2, fontSize: 13, color: vars.color.muted });
export const pager = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: 6,
  alignItems: 'center',
  justifyContent: 'center',
  listStyle: 'none',
  padding: 0,
});
export const pageLink = style({
  minWidth: 44,
  minHeight: 44,
  display: 'inline-grid',
  placeItems: 'center',
  padding: '0 10px',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.brand,
  textDecoration: 'none',
  fontWeight: 600,
  selectors: { '&[aria-current="page"]': { background: vars.color.brand, color: '#fff', borderColor: vars.color.brand } },
});
export const busy = style({ opacity: 0.55, transition: 'opacity .15s', pointerEvents: 'none' });
export const empty = style({
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  padding: vars.space.xl,
  textAlign: 'center',
  display: 'grid',
  gap: vars.space.sm,
  justifyItems: 'center',
});

// Mobile filter sheet (Radix dialog).
export const overlay = style({ position: 'fixed', inset: 0, background: 'rgba(16,24,40,.45)', zIndex: 90 });
export const sheet = style({
  position: 'fixed',
  inset: 0,
  zIndex: 91,
  background: vars.color.surface,
  display: 'grid',
  gridTemplateRows: 'auto 1fr auto',
  maxHeight: '100dvh',
});
export const sheetHead = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const sheetBody = style({ overflowY: 'auto', padding: `0 ${vars.space.md}` });
export const sheetFoot = style({ padding: vars.space.md, borderTop: `1px solid ${vars.color.border}`, display: 'grid' });
export const closeButton = style({
  minWidth: 44,
  minHeight: 44,
  border: 'none',
  background: 'none',
  fontSize: 28,
  lineHeight: 1,
  cursor: 'pointer',
  color: vars.color.text,
});

// ---- promotions ----------------------------------------------------------------------------------------------
export const carousel = style({ position: 'relative', minWidth: 0 });
export const carouselTrack = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: '100%',
  overflowX: 'auto',
  scrollSnapType: 'x mandatory',
  scrollbarWidth: 'none',
  borderRadius: vars.radius.lg,
});
globalStyle(`${carouselTrack} > li`, { scrollSnapAlign: 'start' });
export const carouselButton = style({
  position: 'absolute',
  top: '50%',
  transform: 'translateY(-50%)',
  width: 44,
  height: 44,
  borderRadius: '50%',
  border: 'none',
  background: 'rgba(255,255,255,.92)',
  color: vars.color.text,
  boxShadow: vars.shadow.pop,
  fontSize: 24,
  lineHeight: 1,
  cursor: 'pointer',
  display: 'grid',
  placeItems: 'center',
});
export const carouselDots = style({ display: 'flex', justifyContent: 'center', gap: 2, marginTop: 4 });
export const dot = style({
  width: 28,
  height: 28,
  border: 'none',
  background: 'none',
  cursor: 'pointer',
  display: 'grid',
  placeItems: 'center',
  padding: 0,
});
globalStyle(`${dot}::before`, { content: '""', width: 10, height: 10, borderRadius: '50%', background: vars.color.border });
globalStyle(`${dot}[aria-current="true"]::before`, { background: vars.color.brand, width: 22, borderRadius: 5 });
export const bannerLink = style({ display: 'block', borderRadius: vars.radius.lg, overflow: 'hidden', lineHeight: 0 });
globalStyle(`${bannerLink} img`, { width: '100%', height: 'auto', display: 'block' });
export const bannerPair = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
  '@media': { [TABLET]: { gridTemplateColumns: '1fr 1fr', gap: vars.space.md } },
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
export const dealCard = style({ display: 'grid', gap: 6, minWidth: 0 });

// ---- brand / category heads, A–Z ----------------------------------------------------------------------------
export const hero = style({
  display: 'grid',
  gridTemplateColumns: '72px 1fr',
  gap: vars.space.md,
  alignItems: 'center',
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.md,
  '@media': { [DESKTOP]: { gridTemplateColumns: '112px 1fr' } },
});
globalStyle(`${hero} img`, { borderRadius: vars.radius.md, width: '100%', height: 'auto' });
export const heroText = style({ display: 'grid', gap: 4, minWidth: 0 });
export const letterNav = style({ display: 'flex', flexWrap: 'wrap', gap: 4, listStyle: 'none', margin: 0, padding: 0 });
export const letterLink = style([pageLink, { minWidth: 40, minHeight: 40 }]);
export const brandGrid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': {
    [TABLET]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
    [DESKTOP]: { gridTemplateColumns: 'repeat(6, minmax(0, 1fr))' },
  },
});
export const brandCard = style({
  display: 'grid',
  gap: 4,
  justifyItems: 'center',
  textAlign: 'center',
  padding: vars.space.sm,
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  textDecoration: 'none',
  color: vars.color.text,
  fontWeight: 600,
  selectors: { '&:hover': { color: vars.color.brand } },
});
globalStyle(`${brandCard} img`, { borderRadius: vars.radius.md, width: '100%', height: 'auto' });
export const searchInput = style({
  minHeight: 44,
  padding: '0 12px',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.muted}`,
  width: '100%',
  maxWidth: 360,
});
export const tree = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.md,
  '@media': {
    [TABLET]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [DESKTOP]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});
export const treeCard = style({
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.md,
  display: 'grid',
  gap: vars.space.sm,
  alignContent: 'start',
});
export const treeList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 2 });
globalStyle(`${treeList} ${treeList}`, { paddingLeft: vars.space.md, borderLeft: `2px solid ${vars.color.brandSoft}`, marginLeft: 4 });
globalStyle(`${treeList} a`, { display: 'inline-flex', minHeight: 36, alignItems: 'center' });
export const tabs = style({ display: 'flex', gap: 6, overflowX: 'auto', listStyle: 'none', margin: 0, padding: '0 0 4px' });
globalStyle(`${tabs} > li`, { flex: '0 0 auto' });
globalStyle(`${tabs} a`, { whiteSpace: 'nowrap' });

// ---- product page -------------------------------------------------------------------------------------------
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
export const panel = style({
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.md,
  display: 'grid',
  gap: vars.space.sm,
});
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
export const trust = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap', fontSize: 14, color: vars.color.muted });
export const offerCards = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: 'minmax(240px, 1fr)',
  gap: vars.space.sm,
  overflowX: 'auto',
});
export const offerCard = style({
  display: 'grid',
  gridTemplateColumns: '56px 1fr',
  gap: vars.space.sm,
  alignItems: 'center',
  padding: vars.space.sm,
  background: vars.color.accentSoft,
  border: `1px dashed ${vars.color.accent}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  textDecoration: 'none',
  height: '100%',
});
globalStyle(`${offerCard} img`, { borderRadius: vars.radius.sm, display: 'block' });
export const offerCardText = style({ display: 'grid', gap: 2, fontSize: 14, minWidth: 0 });
