import { globalStyle, style } from '@vanilla-extract/css';
import { DESKTOP, TABLET, vars } from '../../../ui/theme/theme.css.ts';
import { grid } from '../components/catalogue.css.ts';
import { pageLink } from '../components/Pagination.css.ts';

export const letterNav = style({ display: 'flex', flexWrap: 'wrap', gap: 4, listStyle: 'none', margin: 0, padding: 0 });

export const letterLink = style([pageLink, { minWidth: 40, minHeight: 40 }]);

/** The product grid's rows, with more (smaller) brand tiles to a row and the narrow gap throughout. */
export const brandGrid = style([
  grid,
  {
    '@media': {
      [TABLET]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: vars.space.sm },
      [DESKTOP]: { gridTemplateColumns: 'repeat(6, minmax(0, 1fr))' },
    },
  },
]);

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
