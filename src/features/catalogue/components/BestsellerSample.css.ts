import { style } from '@vanilla-extract/css';

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8, width: '100%', maxWidth: 420 });
export const item = style({ display: 'flex', justifyContent: 'space-between', gap: 12, alignItems: 'baseline' });
