import { globalStyle, style } from '@vanilla-extract/css';
import { TABLET, vars } from '../../../ui/theme/theme.css.ts';

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
