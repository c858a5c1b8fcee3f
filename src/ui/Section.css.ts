import { style } from '@vanilla-extract/css';
import { DESKTOP, vars } from './theme/theme.css.ts';

// One shrinkable column: a wide child (a scrolling rail) must not widen the page. A section off screen is not laid
// out or painted until the shopper scrolls near it (its last size is kept), which keeps a long page's first render
// cheap on a phone.
export const section = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  minWidth: 0,
  contentVisibility: 'auto',
  containIntrinsicSize: 'auto 320px',
});

export const head = style({ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: vars.space.md });

export const title = style({ fontSize: 20, margin: 0, '@media': { [DESKTOP]: { fontSize: 22 } } });

// A 44px target (WCAG 2.5.5) that never wraps under the title.
export const more = style({ fontWeight: 600, whiteSpace: 'nowrap', minHeight: 44, display: 'inline-flex', alignItems: 'center' });
