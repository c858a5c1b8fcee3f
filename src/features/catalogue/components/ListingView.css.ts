import { globalStyle, style } from '@vanilla-extract/css';
import { DESKTOP, vars } from '../../../ui/theme/theme.css.ts';

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

export const busy = style({ opacity: 0.55, transition: 'opacity .15s', pointerEvents: 'none' });
