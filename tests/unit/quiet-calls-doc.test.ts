import { readFileSync } from 'node:fs';
import { QUIET_CALLS, redirectFor } from '../../src/api/quiet-calls.ts';

// SPEC §2.6: every call whose 404 stays on the page is in docs/product-rules.md with its reason, and no other
// call's 404 does: the documented list and src/api/quiet-calls.ts are the same list.

const doc = readFileSync(new URL('../../docs/product-rules.md', import.meta.url), 'utf8');
const section = doc.slice(doc.indexOf('### 2.6'), doc.indexOf('\n## 3.'));

/** The paths of the section's table, as the client list writes them ('…' = every path under a folder). */
function documentedPaths(): string[] {
  const paths: string[] = [];
  for (const row of section.split('\n').filter((l) => l.startsWith('| `'))) {
    const first = row.split('|')[1] ?? '';
    const tokens = [...first.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);
    const folder = tokens.find((t) => t.endsWith('/…'));
    for (const t of tokens) {
      if (t.startsWith('/api/')) {
        if (t.endsWith('/…') && tokens.some((x) => !x.startsWith('/'))) continue;
        paths.push(t.endsWith('/…') ? t.slice(0, -1) : t);
      } else if (folder) paths.push(folder.slice(0, -1) + t);
    }
  }
  return paths.sort();
}

test('the calls whose 404 stays are exactly the documented ones', () => {
  const listed = QUIET_CALLS.filter((c) => c.on404).map((c) => c.path);
  expect(documentedPaths()).toEqual([...listed].sort());
  expect(listed.length).toBeGreaterThan(10);
});

test('a call the document does not list goes to /notFound on a 404', () => {
  for (const url of ['/api/product-details/product-detail-page?product_id=1', '/api/listing/brand?slug=x', '/api/offers/offer-data'])
    expect(redirectFor(404, url)).toBe('/notFound');
  for (const path of documentedPaths()) {
    const call = QUIET_CALLS.find((c) => c.path === path);
    const url = path.endsWith('/') ? `${path}anything` : path;
    expect([path, redirectFor(404, url, { inSection: call?.on404 === 'section' })]).toEqual([path, null]);
  }
});
