import { style, styleVariants } from '@vanilla-extract/css';
import { TABLET, vars } from '../../../ui/theme/theme.css.ts';

// A fixed sheet over the page's edge: it takes no room in the layout, so nothing moves when it appears (no layout
// shift); at the checkout it sits at the top, clear of the pay button at the bottom.
const base = style({
  position: 'fixed',
  left: 0,
  right: 0,
  zIndex: 50,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.pop,
  padding: vars.space.md,
  maxHeight: '70vh',
  overflowY: 'auto',
  '@media': {
    [TABLET]: {
      left: '50%',
      right: 'auto',
      width: 'min(40rem, calc(100% - 32px))',
      transform: 'translateX(-50%)',
      borderRadius: vars.radius.lg,
    },
  },
});

export const notice = styleVariants({
  bottom: [base, { bottom: 0, '@media': { [TABLET]: { bottom: vars.space.md } } }],
  top: [base, { top: 0, '@media': { [TABLET]: { top: vars.space.md } } }],
});

export const title = style({ fontSize: '1rem', margin: `0 0 ${vars.space.xs}` });
export const text = style({ margin: `0 0 ${vars.space.sm}`, fontSize: '0.9rem' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const action = style({ flex: '1 1 8rem' });
export const choices = style({ border: 'none', margin: `0 0 ${vars.space.sm}`, padding: 0 });
export const choice = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'flex-start',
  padding: `${vars.space.xs} 0`,
  fontSize: '0.9rem',
  minHeight: 44,
});
export const hint = style({ color: vars.color.muted, display: 'block', fontSize: '0.85rem' });
