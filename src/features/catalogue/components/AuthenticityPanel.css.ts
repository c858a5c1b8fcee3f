import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme/theme.css.ts';

// The product page's authenticity panel and the phone-only sticky buy bar.
export const sourceHead = style({ margin: 0, fontSize: 16 });

export const facts = style({ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: '6px 12px', margin: 0, fontSize: 14 });

globalStyle(`${facts} dt`, { color: vars.color.muted, fontWeight: 500 });
globalStyle(`${facts} dd`, { margin: 0, overflowWrap: 'anywhere' });

export const certNo = style({ fontVariantNumeric: 'tabular-nums', fontWeight: 600 });

// A licence number reads as one token: wrap before it, never at its hyphen.
export const nowrap = style({ whiteSpace: 'nowrap' });
