import { style } from '@vanilla-extract/css';
import { DESKTOP, vars } from '../../../ui/theme/theme.css.ts';

// Mobile first: one column; on desktop the summary sits beside the step.
export const page = style({
  display: 'grid',
  gap: vars.space.md,
  '@media': { [DESKTOP]: { gridTemplateColumns: 'minmax(0, 1fr) 360px', alignItems: 'start' } },
});
export const column = style({ display: 'grid', gap: vars.space.md, minWidth: 0 });
export const title = style({ margin: 0, fontSize: 24 });
export const sectionTitle = style({ margin: 0, fontSize: 18 });
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
export const muted = style({ color: vars.color.muted, fontSize: 14, margin: 0 });
export const alert = style({
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  border: `1px solid ${vars.color.danger}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  margin: 0,
});
export const notice = style({ background: vars.color.accentSoft, borderRadius: vars.radius.md, padding: vars.space.md, margin: 0 });
export const success = style({ background: vars.color.successSoft, borderRadius: vars.radius.md, padding: vars.space.md });
export const full = style({ width: '100%' });
export const total = style({ fontSize: 22, fontWeight: 700 });
export const linkButton = style({
  background: 'none',
  border: 'none',
  color: vars.color.brand,
  fontWeight: 600,
  textDecoration: 'underline',
  cursor: 'pointer',
  padding: '10px 4px',
  font: 'inherit',
});
