import { globalStyle, style } from '@vanilla-extract/css';
import { DESKTOP, TABLET, vars } from '../../../ui/theme/theme.css.ts';

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
