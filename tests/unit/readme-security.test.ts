import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

// SECURITY.md (the README's Security section points to it) states only what a test holds: each claim names its test as
// [file: "test name"], and this fails when the file or a test of that name is gone.

const root = path.resolve(import.meta.dirname, '../..');
const readme = `\n${readFileSync(path.join(root, 'SECURITY.md'), 'utf8')}`;
const start = readme.indexOf('\n# Security\n');
const section = readme.slice(start);
const cited = [...section.matchAll(/\[([\w./-]+\.test\.tsx?): "(.+?)"\]/gs)].map((m) => ({
  file: m[1],
  name: m[2].replace(/\s*\n\s*/g, ' '),
}));

describe('SECURITY.md: every claim names a test that exists', () => {
  test('the section cites its tests', () => {
    expect(start).not.toBe(-1);
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
