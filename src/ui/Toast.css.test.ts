import path from 'node:path';
import { createCompiler } from '@vanilla-extract/compiler';
import { ALERT_BREAKPOINT_PX, ALERTS_WIDE, DESKTOP, MOBILE_BREAKPOINT_PX, TABLET } from './theme/theme.css.ts';

// SPEC §9: mobile breakpoint 992px, 768px for alerts. The breakpoints are written once (src/ui/theme), and the
// toast region's generated CSS changes layout at 768px: full width along the top below it (clear of the sticky bars
// at a phone's bottom edge), a corner card from it; both start below the sticky header.

test('the breakpoints are 992px and, for alerts, 768px, in one place', () => {
  expect(MOBILE_BREAKPOINT_PX).toBe(992);
  expect(ALERT_BREAKPOINT_PX).toBe(768);
  expect(DESKTOP).toBe('screen and (min-width: 992px)');
  expect(TABLET).toBe('screen and (min-width: 768px)');
  expect(ALERTS_WIDE).toBe('screen and (min-width: 768px)');
});

test('the toast region is full width at the top below 768px and a top-right card from 768px', async () => {
  const root = path.resolve(import.meta.dirname, '../..');
  const compiler = createCompiler({ root, enableFileWatcher: false });
  try {
    await compiler.processVanillaFile(path.join(root, 'src/ui/Toast.css.ts'), { outputCss: true });
    const css = compiler.getAllCss().replace(/\s+/g, ' ');
    const region = /\.(Toast_region__[\w-]+) \{([^}]*)\}/.exec(css);
    expect(region, css).not.toBeNull();
    const [, cls, phone] = region as RegExpExecArray;
    expect(phone).toMatch(/left: 0;/);
    expect(phone).toMatch(/right: 0;/);
    // Below the sticky header: its bottom edge, which ToastProvider measures (0 without a header).
    expect(phone).toMatch(/top: var\(--toast-top, 0px\);/);
    expect(phone).not.toMatch(/bottom:/);
    const wide = new RegExp(`@media screen and \\(min-width: 768px\\) \\{ \\.${cls} \\{([^}]*)\\}`).exec(css);
    expect(wide, css).not.toBeNull();
    expect(wide?.[1]).toMatch(/top: calc\(var\(--toast-top, 0px\) \+ 16px\);/);
    expect(wide?.[1]).toMatch(/right: 16px;/);
    expect(wide?.[1]).toMatch(/left: auto;/);
    expect(wide?.[1]).toMatch(/width: 380px;/);
  } finally {
    await compiler.close();
  }
});
