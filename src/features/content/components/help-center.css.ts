import { style } from '@vanilla-extract/css';
import { fieldBox } from '../../../ui/blocks.css.ts';
import { vars } from '../../../ui/theme/theme.css.ts';

// Help centre: the FAQ list (native disclosure widgets) and the contact tabs.
export const search = style([fieldBox, { width: '100%', maxWidth: 560, padding: `0 ${vars.space.md}` }]);
export const faqList = style({ display: 'grid', gap: vars.space.sm, padding: 0, margin: 0, listStyle: 'none' });
export const faq = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  padding: `${vars.space.sm} ${vars.space.md}`,
});
export const question = style({ cursor: 'pointer', fontWeight: 600, minHeight: 32, paddingBlock: 6 });
export const answer = style({ margin: `${vars.space.sm} 0 0`, color: vars.color.text });
export const tabs = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });
export const fileList = style({ margin: 0, paddingLeft: vars.space.lg, fontSize: 14 });
