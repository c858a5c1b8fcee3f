import '@testing-library/jest-dom/vitest';

// Testing Library's cleanup only where a DOM exists (node-environment suites share this file).
if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => cleanup());
}
