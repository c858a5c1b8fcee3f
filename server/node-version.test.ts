import { readFileSync } from 'node:fs';
import { SUPPORTED_NODE, unsupportedNode } from './node-version.ts';

test('the supported Node range is the one package.json engines states', () => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
  expect(pkg.engines.node).toBe(SUPPORTED_NODE);
});

test.each([
  ['20.19.0', true],
  ['v20.20.2', true],
  ['22.1.0', true],
  ['24.0.0', true],
  ['20.18.3', false],
  ['18.20.4', false],
])('Node %s is supported: %s', (version, supported) => {
  const problem = unsupportedNode(version);
  expect(problem === null).toBe(supported);
  if (!supported) expect(problem).toMatch(/needs Node >=20\.19/);
});

test('the Node running these tests is supported', () => {
  expect(unsupportedNode(process.versions.node)).toBeNull();
});
