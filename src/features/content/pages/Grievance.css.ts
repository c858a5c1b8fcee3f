import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme/theme.css.ts';

// The grievance page: the shopper's complaints as cards, each with its status and its two clocks.
export const list = style({ display: 'grid', gap: vars.space.md, padding: 0, margin: 0, listStyle: 'none' });
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `4px ${vars.space.md}`,
  margin: `${vars.space.sm} 0`,
  fontSize: 14,
});
export const head = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  alignItems: 'baseline',
});
const badgeBase = { display: 'inline-block', padding: '2px 10px', borderRadius: 999, fontSize: 14, fontWeight: 600 } as const;
export const badge = styleVariants({
  open: { ...badgeBase, background: vars.color.border, color: vars.color.text },
  acknowledged: { ...badgeBase, background: vars.color.border, color: vars.color.text },
  resolved: { ...badgeBase, background: vars.color.successSoft, color: vars.color.success },
});
export const answer = style({
  margin: 0,
  whiteSpace: 'pre-wrap',
  borderLeft: `3px solid ${vars.color.success}`,
  paddingLeft: vars.space.md,
});
