import { createGlobalTheme } from '@vanilla-extract/css';

// Colours chosen for WCAG AA contrast against white (axe runs on every page).
export const vars = createGlobalTheme(':root', {
  color: {
    brand: '#0b6e4f',
    brandDark: '#084c37',
    brandSoft: '#e6f2ed',
    accent: '#b54708',
    accentSoft: '#fef3e8',
    text: '#1c2421',
    muted: '#4b5b55',
    border: '#d4ddd9',
    surface: '#ffffff',
    page: '#f6f8f7',
    danger: '#b42318',
    dangerSoft: '#fef3f2',
    success: '#067647',
    successSoft: '#ecfdf3',
    veg: '#067647',
    nonVeg: '#9a3412',
    skeleton: '#e4e9e7',
  },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Arial, sans-serif',
  },
  space: { xs: '4px', sm: '8px', md: '16px', lg: '24px', xl: '32px', xxl: '48px' },
  radius: { sm: '6px', md: '10px', lg: '16px', pill: '999px' },
  shadow: { card: '0 1px 2px rgba(16,24,40,.06), 0 1px 3px rgba(16,24,40,.1)', pop: '0 12px 24px rgba(16,24,40,.16)' },
  width: { page: '1200px' },
});

// SPEC §9: mobile breakpoint 992px (768px for alerts). The one place both widths are written.
export const MOBILE_BREAKPOINT_PX = 992;
export const ALERT_BREAKPOINT_PX = 768;
export const DESKTOP = `screen and (min-width: ${MOBILE_BREAKPOINT_PX}px)`;
export const TABLET = `screen and (min-width: ${ALERT_BREAKPOINT_PX}px)`;
/** Where alerts (toasts) leave the phone layout: SPEC §9's 768px. */
export const ALERTS_WIDE = TABLET;
