import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The README's Security section states only what a test holds: each claim names its test as
// [file: "test name"], and this fails when the file or a test of that name is gone.

const root = path.resolve(import.meta.dirname, '../..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const start = readme.indexOf('\n## Security\n');
const section = readme.slice(start, readme.indexOf('\n## ', start + 5));
const cited = [...section.matchAll(/\[([\w./-]+\.test\.tsx?): "(.+?)"\]/gs)].map((m) => ({
  file: m[1],
  name: m[2].replace(/\s*\n\s*/g, ' '),
}));

describe('README "Security": every claim names a test that exists', () => {
  test('the section cites its tests', () => {
    expect(start).toBeGreaterThan(0);
    expect(cited.length).toBeGreaterThanOrEqual(20);
  });
  test.each(cited)('$file: $name', ({ file, name }) => {
    const full = path.join(root, file);
    expect(existsSync(full), file).toBe(true);
    const source = readFileSync(full, 'utf8');
    // A name is written in the source between quotes: an apostrophe inside single quotes is escaped.
    expect(source.includes(`'${name.replace(/'/g, "\\'")}'`) || source.includes(`"${name}"`) || source.includes(`\`${name}\``), name).toBe(
      true,
    );
  });
});
