import { existsSync, readFileSync } from 'node:fs';

// docs/product-rules.md names, at the end of each section, the tests that fail when one of its rules breaks. A
// section of rules with no `Tests:` line, or a line naming a file that is not there (renamed, deleted), fails here.

const root = new URL('../../', import.meta.url);
const doc = readFileSync(new URL('docs/product-rules.md', root), 'utf8');

/** Each numbered section's own text (to its next heading), by its heading. */
function sections(): Array<{ heading: string; body: string }> {
  const parts = doc.split(/^(?=#{2,3} \d)/m).slice(1);
  return parts.map((part) => {
    const [heading = '', ...rest] = part.split('\n');
    return { heading, body: rest.join('\n') };
  });
}

/** The files a section's `Tests:` paragraph names. */
const testsOf = (body: string): string[] => {
  const at = body.indexOf('\nTests: ');
  if (at < 0) return [];
  const paragraph = body.slice(at).split('\n\n')[0] ?? '';
  return [...paragraph.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);
};

test('every section with rules names its tests, and every named test file exists', () => {
  const checked = sections().filter((s) => s.body.replace(/\s+/g, '') !== '');
  expect(checked.length).toBeGreaterThan(25);
  for (const { heading, body } of checked) {
    const files = testsOf(body);
    expect([heading, files.length > 0]).toEqual([heading, true]);
    for (const file of files) {
      expect([heading, file, /\.test\.tsx?$/.test(file) && existsSync(new URL(file, root))]).toEqual([heading, file, true]);
    }
  }
});
