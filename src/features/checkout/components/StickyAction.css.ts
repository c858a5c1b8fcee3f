import { style } from '@vanilla-extract/css';
import { DESKTOP, vars } from '../../../ui/theme/theme.css.ts';

// On phones the step's one action stays at the bottom of the screen; from the desktop breakpoint it sits in the
// order summary column (SPEC §9 layout).
export const bar = style({
  position: 'sticky',
  bottom: 0,
  background: vars.color.surface,
  padding: vars.space.sm,
  borderTop: `1px solid ${vars.color.border}`,
  '@media': { [DESKTOP]: { position: 'static', border: 'none', padding: 0 } },
});

export const action = style({ width: '100%' });
