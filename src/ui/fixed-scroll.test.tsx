// @vitest-environment jsdom
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { render } from '@testing-library/react';
import { FixedScroll } from './fixed-scroll.tsx';

// SPEC §4: the body gets the fixed-scroll class while a modal is open.

test('the body is fixed while any modal is open, and free once the last one closes', () => {
  const first = render(<FixedScroll />);
  expect(document.body).toHaveClass('fixed-scroll');
  const second = render(<FixedScroll />);
  first.unmount();
  expect(document.body).toHaveClass('fixed-scroll');
  second.unmount();
  expect(document.body).not.toHaveClass('fixed-scroll');
});

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx$/.test(name) && !/\.test\.tsx$/.test(name) ? [file] : [];
  });

test('every modal of the app (a Radix Dialog.Content or an aria-modal dialog) fixes the body through src/ui/fixed-scroll.tsx', () => {
  const modals = sources(path.resolve('src')).filter((file) => /<Dialog\.Content\b|aria-modal="true"/.test(readFileSync(file, 'utf8')));
  expect(modals.length).toBeGreaterThanOrEqual(4);
  const missing = modals.filter((file) => !/<FixedScroll \/>|useFixedScroll\(\)/.test(readFileSync(file, 'utf8')));
  expect(missing.map((f) => path.relative(process.cwd(), f))).toEqual([]);
  // The class is set in this one place only.
  const setters = sources(path.resolve('src')).filter((file) => /classList\.add\('fixed-scroll'\)/.test(readFileSync(file, 'utf8')));
  expect(setters.map((f) => path.relative(process.cwd(), f))).toEqual(['src/ui/fixed-scroll.tsx']);
});
