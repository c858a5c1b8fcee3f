import { style } from '@vanilla-extract/css';
import { panel } from '../../../ui/blocks.css.ts';
import { vars } from '../../../ui/theme/theme.css.ts';

// The shared bordered panel, tighter: the small gap and corner of a list item.
export const card = style([panel, { gap: vars.space.sm, borderRadius: vars.radius.md }]);
export const head = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });
export const title = style({ fontSize: 16, fontWeight: 700, margin: 0 });
export const body = style({ margin: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' });
export const meta = style({ color: vars.color.muted, fontSize: 14, margin: 0 });
export const verified = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 4,
  fontSize: 13,
  fontWeight: 600,
  color: vars.color.success,
  background: vars.color.successSoft,
  borderRadius: vars.radius.pill,
  padding: '2px 8px',
});
export const photos = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap', listStyle: 'none', margin: 0, padding: 0 });
export const photoButton = style({
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: 'none',
  cursor: 'pointer',
  lineHeight: 0,
});
export const photo = style({ width: 72, height: 72, objectFit: 'cover', borderRadius: vars.radius.sm });
export const actions = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, flexWrap: 'wrap' });
export const helpful = style({
  minHeight: 44,
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: { '&[aria-pressed="true"]': { background: vars.color.brandSoft, borderColor: vars.color.brand, color: vars.color.brandDark } },
});
export const link = style({
  color: vars.color.brand,
  fontWeight: 600,
  background: 'none',
  border: 'none',
  padding: 0,
  cursor: 'pointer',
  minHeight: 44,
});
