import { style } from '@vanilla-extract/css';
import { DESKTOP, vars } from './theme/theme.css.ts';

export const header = style({
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  position: 'sticky',
  top: 0,
  zIndex: 50,
});
export const headerRow = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr auto',
  gridTemplateAreas: '"logo . actions" "search search search"',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} 0`,
  '@media': { [DESKTOP]: { gridTemplateAreas: '"logo search actions"', gap: vars.space.lg } },
});
export const logo = style({ gridArea: 'logo', display: 'inline-flex', alignItems: 'center' });
export const search = style({ gridArea: 'search', position: 'relative' });
export const actions = style({ gridArea: 'actions', display: 'flex', gap: vars.space.sm, alignItems: 'center' });
export const action = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 6,
  minHeight: 44,
  padding: '0 10px',
  borderRadius: vars.radius.md,
  color: vars.color.text,
  textDecoration: 'none',
  fontWeight: 500,
  selectors: { '&:hover': { background: vars.color.brandSoft } },
});
export const nav = style({
  display: 'flex',
  gap: vars.space.md,
  overflowX: 'auto',
  padding: `${vars.space.xs} 0 ${vars.space.sm}`,
  fontSize: 15,
  whiteSpace: 'nowrap',
});
export const navLink = style({
  color: vars.color.text,
  textDecoration: 'none',
  padding: '6px 2px',
  selectors: { '&:hover': { color: vars.color.brand } },
});
// At least a screen tall, so the footer starts below the fold and never shifts into view as a page's data loads.
export const main = style({ minHeight: '100vh', padding: `${vars.space.md} 0 ${vars.space.xxl}` });
export const footer = style({ background: '#0b3d2e', color: '#e6f2ed', padding: `${vars.space.xl} 0`, fontSize: 15 });
export const footerGrid = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))',
});
export const footerLink = style({
  color: '#e6f2ed',
  textDecoration: 'none',
  display: 'block',
  padding: '4px 0',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});
export const footerButton = style([
  footerLink,
  { background: 'none', border: 'none', font: 'inherit', cursor: 'pointer', marginTop: 16, minHeight: 44, textDecoration: 'underline' },
]);
export const footerHeading = style({ fontSize: 16, margin: '0 0 8px', color: '#fff' });
// A scrolling row of tabs on phones, a column beside the page on desktop.
export const sideNav = style({
  display: 'flex',
  gap: 4,
  overflowX: 'auto',
  whiteSpace: 'nowrap',
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [DESKTOP]: { flexDirection: 'column', borderBottom: 'none', whiteSpace: 'normal' } },
});
export const sideNavLink = style({
  padding: '10px 12px',
  borderRadius: vars.radius.md,
  textDecoration: 'none',
  color: vars.color.text,
  selectors: { '&[aria-current="page"]': { background: vars.color.brandSoft, color: vars.color.brandDark, fontWeight: 600 } },
});
export const twoColumn = style({ display: 'grid', gap: vars.space.lg, '@media': { [DESKTOP]: { gridTemplateColumns: '240px 1fr' } } });
// Top and bottom only: the page container beside it supplies the side padding (a shorthand here removed it,
// leaving the logo and the last step against the screen edges on phones).
export const slimHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  paddingTop: vars.space.sm,
  paddingBottom: vars.space.sm,
});
export const steps = style({
  display: 'flex',
  gap: vars.space.md,
  listStyle: 'none',
  margin: 0,
  padding: 0,
  fontSize: 14,
  color: vars.color.muted,
});
