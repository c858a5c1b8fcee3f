import { globalStyle, style } from '@vanilla-extract/css';
import { DESKTOP, MOBILE_BREAKPOINT_PX, vars } from '../../../ui/theme/theme.css.ts';

// On phones the step's one action stays at the bottom of the screen; from the desktop breakpoint it sits in the
// order summary column (SPEC §9 layout). Fixed, not sticky: a sticky bar stays only while its own column is on
// screen, and the payment page's summary column goes below the fold once a method opens its details and offers.
export const bar = style({
  position: 'fixed',
  left: 0,
  right: 0,
  bottom: 0,
  zIndex: 40,
  background: vars.color.surface,
  padding: `${vars.space.sm} ${vars.space.sm} calc(${vars.space.sm} + env(safe-area-inset-bottom))`,
  borderTop: `1px solid ${vars.color.border}`,
  '@media': { [DESKTOP]: { position: 'static', border: 'none', padding: 0 } },
});

// The page's end (the footer's last lines) stays reachable above the bar.
globalStyle(`body:has(${bar})`, {
  '@media': { [`screen and (max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`]: { paddingBottom: 72 } },
});

export const action = style({ width: '100%' });
