import '@testing-library/jest-dom/vitest';

// Testing Library's cleanup only where a DOM exists (node-environment suites share this file).
if (typeof document !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  afterEach(() => cleanup());
  // findBy/waitFor wait for what a page will show, not for how fast this machine renders it: jsdom renders a full
  // page (the sale page, ~150 components) in over a second while the API suites load both cores, past the library's
  // 1 s default. A check that never comes true still fails, after 5 s.
  configure({ asyncUtilTimeout: 5_000 });
}
