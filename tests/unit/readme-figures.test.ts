import { readFileSync } from 'node:fs';
import path from 'node:path';
import { END, figuresTable, START, withFigures } from '../../scripts/gen-readme-figures.mjs';

// The README's figures are the last bench run's (scripts/gen-readme-figures.mjs), and the README stays a short
// reference (CONTRIBUTING: history lives in commit bodies).
const root = path.resolve(import.meta.dirname, '../..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const results = JSON.parse(readFileSync(path.join(root, 'bench/results.json'), 'utf8'));

test('the README table is what bench/results.json holds', () => {
  expect(withFigures(readme, results)).toBe(readme);
});

test('a changed result changes the table', () => {
  const faster = { ...results, checkout: { ...results.checkout, orders_per_s: results.checkout.orders_per_s + 1 } };
  const table = figuresTable(faster);
  expect(table).toContain(`| \`checkout.orders_per_s\` | ${results.checkout.orders_per_s + 1} |`);
  expect(withFigures(readme, faster)).not.toBe(readme);
  expect(table.startsWith(START) && table.endsWith(END)).toBe(true);
});

test('the README is at most 150 lines', () => {
  expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(150);
});
