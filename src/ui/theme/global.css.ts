import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html', { WebkitTextSizeAdjust: '100%' });
globalStyle('body', {
  margin: 0,
  fontFamily: vars.font.body,
  color: vars.color.text,
  background: vars.color.page,
  lineHeight: 1.5,
  fontSize: '16px',
});
// SPEC §4: the body gets a fixed-scroll class while a modal is open.
globalStyle('body.fixed-scroll', { overflow: 'hidden' });
globalStyle('a', { color: vars.color.brand });
globalStyle('img', { maxWidth: '100%', height: 'auto' });
globalStyle('h1, h2, h3', { lineHeight: 1.25, margin: `0 0 ${vars.space.md}` });
globalStyle('button, input, select, textarea', { font: 'inherit' });
globalStyle(':focus-visible', { outline: `3px solid ${vars.color.accent}`, outlineOffset: '2px' });

export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

const shimmer = keyframes({ '0%': { opacity: 1 }, '50%': { opacity: 0.55 }, '100%': { opacity: 1 } });
export const skeleton = style({
  background: vars.color.skeleton,
  borderRadius: vars.radius.sm,
  animation: `${shimmer} 1.4s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const container = style({
  width: '100%',
  maxWidth: vars.width.page,
  margin: '0 auto',
  padding: `0 ${vars.space.md}`,
});

export const button = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: 44,
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: 'none',
  background: vars.color.brand,
  color: '#fff',
  fontWeight: 600,
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.brandDark },
    '&:disabled': { background: '#98a2a0', cursor: 'not-allowed' },
  },
});

export const buttonSecondary = style([
  button,
  {
    background: vars.color.surface,
    color: vars.color.brand,
    border: `1px solid ${vars.color.brand}`,
    selectors: { '&:hover': { background: vars.color.brandSoft } },
  },
]);

export const card = style({
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.md,
});
