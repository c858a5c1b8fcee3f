// The console's styles travel in its own lazy chunk, not in the store's one stylesheet (vite.config.ts builds a
// single CSS file every shopper page loads): no shopper page may load a byte of the console (docs/decisions/019).
// The page renders them as a React 19 <style> with an href, so they are hoisted into the head once.

export const css = {
  shell: 'ops-shell',
  nav: 'ops-nav',
  navLink: 'ops-nav-link',
  main: 'ops-main',
  heading: 'ops-heading',
  signIn: 'ops-card ops-sign-in',
  field: 'ops-field',
  input: 'ops-input',
  money: 'ops-input ops-money',
  button: 'ops-button',
  ghost: 'ops-button ops-ghost',
  error: 'ops-error',
  notice: 'ops-notice',
  saved: 'ops-saved',
  table: 'ops-table',
  cell: 'ops-cell',
  searchRow: 'ops-row',
  filters: 'ops-row ops-filters',
  facts: 'ops-facts',
  card: 'ops-card ops-block',
  subheading: 'ops-subheading',
  minor: 'ops-minor',
  timeline: 'ops-timeline',
  danger: 'ops-button ops-danger',
  linkButton: 'ops-button ops-link-button',
  tab: 'ops-button ops-tab',
  check: 'ops-check',
} as const;

// Desktop-first: staff work at a desk. Plain, dense, high-contrast (colours from the store's theme variables).
export const CONSOLE_CSS = `
.ops-shell{display:grid;grid-template-columns:210px 1fr;min-height:100vh;background:#f6f8f7;color:#1c2421}
.ops-nav{background:#1c2421;color:#fff;padding:16px;display:flex;flex-direction:column;gap:8px;overflow-wrap:anywhere}
.ops-nav-link{color:#fff;padding:4px 8px;border-radius:6px}
.ops-nav-link[aria-current="page"]{background:#0b6e4f}
.ops-nav-link:focus-visible{outline:3px solid #fff}
.ops-main{padding:24px;min-width:0}
.ops-heading{font-size:1.4rem;margin:0 0 16px}
.ops-card{background:#fff;border:1px solid #d4ddd9;border-radius:10px;padding:24px}
.ops-sign-in{max-width:380px;margin:10vh auto;display:grid;gap:16px}
.ops-field{display:grid;gap:4px;font-weight:600}
.ops-input{font:inherit;font-weight:400;padding:8px;border:1px solid #4b5b55;border-radius:6px}
.ops-input:focus-visible{outline:3px solid #0b6e4f;outline-offset:1px}
.ops-money{width:9em}
.ops-button{font:inherit;font-weight:600;padding:8px 16px;background:#0b6e4f;color:#fff;border:0;border-radius:6px;cursor:pointer}
.ops-button:disabled{opacity:.6;cursor:default}
.ops-button:focus-visible{outline:3px solid #1c2421;outline-offset:2px}
.ops-ghost{background:transparent;border:1px solid #fff;margin-top:auto}
.ops-ghost:focus-visible{outline-color:#fff}
.ops-error{color:#b42318;background:#fef3f2;padding:8px;border-radius:6px}
.ops-notice{background:#fef3e8;padding:8px;border-radius:6px}
.ops-saved{color:#067647}
.ops-table{width:100%;border-collapse:collapse;background:#fff}
.ops-cell{border-bottom:1px solid #d4ddd9;padding:8px;text-align:left;vertical-align:top}
.ops-row{display:flex;gap:8px;align-items:end;margin-bottom:16px}
.ops-filters{flex-wrap:wrap}
.ops-facts{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:16px;margin-bottom:16px}
.ops-facts p{margin:0}
.ops-block{margin-bottom:16px;display:grid;gap:12px}
.ops-subheading{font-size:1.1rem;margin:0}
.ops-minor{font-size:1rem;margin:0}
.ops-timeline{margin:0;padding-left:20px}
.ops-danger{background:#b42318}
.ops-link-button{text-decoration:none;display:inline-block}
.ops-main a:not(.ops-button){color:#0b6e4f}
.ops-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.ops-tab{background:#fff;color:#0b6e4f;border:1px solid #0b6e4f}
.ops-check{display:flex;gap:8px;align-items:center;font-weight:600}
`;
