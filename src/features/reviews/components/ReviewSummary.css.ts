import { style } from '@vanilla-extract/css';
import { panel } from '../../../ui/blocks.css.ts';
import { DESKTOP, vars } from '../../../ui/theme/theme.css.ts';

export const summary = style([panel, { '@media': { [DESKTOP]: { gridTemplateColumns: '200px 1fr' } } }]);
export const big = style({ fontSize: 40, fontWeight: 700, lineHeight: 1, margin: 0 });
export const muted = style({ color: vars.color.muted, fontSize: 14, margin: 0 });
export const bars = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 6 });
export const bar = style({ display: 'grid', gridTemplateColumns: '56px 1fr 48px', alignItems: 'center', gap: vars.space.sm, fontSize: 14 });
export const track = style({ height: 8, borderRadius: vars.radius.pill, background: vars.color.skeleton, overflow: 'hidden' });
export const fill = style({ height: '100%', background: vars.color.accent });
