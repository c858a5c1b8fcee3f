import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme/theme.css.ts';

export const crumbs = style({ fontSize: 14, color: vars.color.muted, overflowX: 'auto' });

globalStyle(`${crumbs} ol`, { display: 'flex', flexWrap: 'wrap', gap: 4, listStyle: 'none', margin: 0, padding: 0 });
globalStyle(`${crumbs} li`, { display: 'inline-flex', alignItems: 'center', gap: 4 });
globalStyle(`${crumbs} li + li::before`, { content: '"/"', color: vars.color.muted, padding: '0 2px' });
globalStyle(`${crumbs} a`, { color: vars.color.brand, padding: '10px 0', display: 'inline-block' });
globalStyle(`${crumbs} [aria-current="page"]`, { color: vars.color.text, fontWeight: 600 });
