import { globalStyle, style } from '@vanilla-extract/css';
import { DESKTOP, TABLET, vars } from '../../../ui/theme/theme.css.ts';
import { panel } from '../components/catalogue.css.ts';

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

export const treeCard = style([panel, { alignContent: 'start' }]);

export const treeList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 2 });

globalStyle(`${treeList} ${treeList}`, { paddingLeft: vars.space.md, borderLeft: `2px solid ${vars.color.brandSoft}`, marginLeft: 4 });
globalStyle(`${treeList} a`, { display: 'inline-flex', minHeight: 36, alignItems: 'center' });
