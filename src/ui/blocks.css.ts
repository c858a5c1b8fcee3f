import { style, styleVariants } from '@vanilla-extract/css';
import { DESKTOP, vars } from './theme/theme.css.ts';

/** A page's column of sections: one shrinkable column, so a wide child (a scrolling row of chips) cannot widen it. */
export const page = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.lg, minWidth: 0 });

/** A page's heading (its h1). */
export const pageTitle = style({ fontSize: 24, margin: 0, '@media': { [DESKTOP]: { fontSize: 28 } } });

/** Secondary text in the muted colour, without a paragraph's margins. */
export const muted = style({ color: vars.color.muted, margin: 0 });

export const column = style({ display: 'grid', gap: vars.space.md, minWidth: 0 });

/** A bordered box on the surface colour whose children stack with the medium gap (summaries, forms). */
export const panel = style({
  display: 'grid',
  gap: vars.space.md,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

/** A text box or select of the content pages: touch height, the muted outline, the page's font and colours. */
export const fieldBox = style({
  minHeight: 44,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.muted}`,
  font: 'inherit',
  background: vars.color.surface,
  color: vars.color.text,
});

/** A photo thumbnail (order and review photos); the place that shows it sets its size. */
export const thumbnail = style({ objectFit: 'cover', borderRadius: vars.radius.sm, border: `1px solid ${vars.color.border}` });

export const sectionTitle = style({ fontSize: 18, margin: 0 });

export const meta = style({ color: vars.color.muted, fontSize: 14 });

export const linkButton = style({
  background: 'none',
  border: 'none',
  padding: '8px 4px',
  minHeight: 44,
  color: vars.color.brand,
  fontWeight: 600,
  cursor: 'pointer',
  textDecoration: 'underline',
  selectors: { '&:disabled': { color: vars.color.muted, cursor: 'not-allowed' } },
});

export const badge = styleVariants({
  free: {
    background: vars.color.successSoft,
    color: vars.color.success,
    borderRadius: vars.radius.pill,
    padding: '2px 10px',
    fontSize: 13,
    fontWeight: 700,
  },
  warn: { background: vars.color.accentSoft, color: vars.color.accent, borderRadius: vars.radius.sm, padding: '4px 8px', fontSize: 14 },
  danger: { background: vars.color.dangerSoft, color: vars.color.danger, borderRadius: vars.radius.sm, padding: '4px 8px', fontSize: 14 },
});

export const grid = style({ display: 'grid', gap: vars.space.md, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' });

export const empty = style({
  textAlign: 'center',
  padding: `${vars.space.xl} ${vars.space.md}`,
  display: 'grid',
  gap: vars.space.md,
  justifyItems: 'center',
});
