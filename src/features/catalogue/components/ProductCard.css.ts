import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme/theme.css.ts';

export const cardImage = style({ display: 'block', borderRadius: vars.radius.md, background: vars.color.page });

globalStyle(`${cardImage} img`, { display: 'block', width: '100%', height: 'auto', aspectRatio: '1 / 1', borderRadius: vars.radius.md });

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
