import { globalStyle, style } from '@vanilla-extract/css';
import { DESKTOP, TABLET, vars } from '../../../ui/theme/theme.css.ts';

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
