import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Every citation in the repository must lead somewhere a newcomer with only the clone can read: `SPEC §n` (and
// `SPEC §n.m`) to a section of docs/product-rules.md, a `docs/….md` path to a file that exists, and
// `docs/decisions/NNN` to a decision record with that number.

const root = path.resolve(import.meta.dirname, '../..');
const RULES = 'docs/product-rules.md';

/** Extensions scanned: source, docs and configuration text (images and the lockfile are not). */
const TEXT = /\.(ts|tsx|js|mjs|cjs|md|html|css|json|yml|yaml|txt)$/;

// `SPEC §n`, `SPEC §n.m`, and the chained forms the code uses (a slash, a comma or "and" between sections).
const SPEC_CITATION = /SPEC §\d+(?:\.\d+)?(?:\s*(?:\/|,|and|or|&)\s*§\d+(?:\.\d+)?)*/g;
const SECTION = /§(\d+(?:\.\d+)?)/g;
// A path into docs/ ending in .md; `NNN-title.md` is CONTRIBUTING's template for a new record's name.
const DOC_PATH = /\bdocs\/[\w./-]*?\.md\b/g;
const DECISION_NUMBER = /\bdocs\/decisions\/(\d{3})\b/g;
// A named section of the architecture page: `docs/architecture.md "Data"`.
const ARCHITECTURE_SECTION = /\bdocs\/architecture\.md "([^"\n]+)"/g;
// The page's name outside the repository, which a clone cannot open.
const OUTSIDE_NAME = ['ARCHITECTURE', 'md'].join('.');

// A named section of the README: `README "Configuration"`, `README, "Performance"`, `README.md "Security"`.
const README_SECTION = /\bREADME(?:\.md)?,? \(?"([^"\n]+)"/g;

type Broken = { file: string; line: number; citation: string };

/** The section numbers a rules document defines: `## 4. States…` gives 4, `### 4.2 Data stores` gives 4.2. */
function sectionsOf(markdown: string): Set<string> {
  const found = new Set<string>();
  for (const m of markdown.matchAll(/^#{2,3} (\d+(?:\.\d+)?)\.?\s/gm)) found.add(m[1]!);
  return found;
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

/** SPEC citations in one file's text that name a section the rules do not have. */
function brokenSpecCitations(file: string, text: string, sections: Set<string>): Broken[] {
  const broken: Broken[] = [];
  for (const m of text.matchAll(SPEC_CITATION)) {
    for (const s of m[0].matchAll(SECTION)) {
      if (!sections.has(s[1]!)) broken.push({ file, line: lineOf(text, m.index), citation: `§${s[1]} in "${m[0]}"` });
    }
  }
  return broken;
}

/** docs/ paths in one file's text that name no file; `exists` answers for a repository-relative path. */
function brokenDocPaths(file: string, text: string, exists: (p: string) => boolean, decisions: string[]): Broken[] {
  const broken: Broken[] = [];
  for (const m of text.matchAll(DOC_PATH)) {
    if (m[0].includes('NNN')) continue;
    if (!exists(m[0])) broken.push({ file, line: lineOf(text, m.index), citation: m[0] });
  }
  for (const m of text.matchAll(DECISION_NUMBER)) {
    if (!decisions.some((d) => d.startsWith(`${m[1]}-`))) broken.push({ file, line: lineOf(text, m.index), citation: m[0] });
  }
  return broken;
}

/** Section-name citations of docs/architecture.md that name no `## ` heading of it. */
function brokenArchitectureSections(file: string, text: string, headings: Set<string>): Broken[] {
  const broken: Broken[] = [];
  for (const m of text.matchAll(ARCHITECTURE_SECTION)) {
    if (!headings.has(m[1]!)) broken.push({ file, line: lineOf(text, m.index), citation: m[0] });
  }
  return broken;
}

/** Section-name citations of the README that name no `## ` heading of it. */
function brokenReadmeSections(file: string, text: string, headings: Set<string>): Broken[] {
  const broken: Broken[] = [];
  for (const m of text.matchAll(README_SECTION)) {
    if (!headings.has(m[1]!)) broken.push({ file, line: lineOf(text, m.index), citation: m[0] });
  }
  return broken;
}

function trackedTextFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' });
  return out
    .split('\0')
    .filter((f) => TEXT.test(f) && f !== 'package-lock.json' && existsSync(path.join(root, f)))
    .sort();
}

const cite = (n: string) => `SPEC §${n}`; // built, so this file's own examples are not citations
const format = (b: Broken[]) => b.map((x) => `${x.file}:${x.line}: ${x.citation}`).join('\n');

describe('citations resolve inside the repository', () => {
  const rules = readFileSync(path.join(root, RULES), 'utf8');
  const sections = sectionsOf(rules);
  const files = trackedTextFiles();
  const texts = files.map((f) => [f, readFileSync(path.join(root, f), 'utf8')] as const);
  const decisions = readdirSync(path.join(root, 'docs/decisions'));

  test('the rules document has the nine sections the code cites', () => {
    for (let n = 1; n <= 9; n++) expect(sections.has(String(n)), `section ${n}`).toBe(true);
  });

  test('the scan sees the code: hundreds of SPEC citations across the tree', () => {
    const citing = texts.filter(([, t]) => t.match(SPEC_CITATION));
    expect(citing.length).toBeGreaterThan(100);
  });

  test('every SPEC § citation names a section of docs/product-rules.md', () => {
    const broken = texts.flatMap(([f, t]) => brokenSpecCitations(f, t, sections));
    expect(format(broken)).toBe('');
  });

  test('every docs/… path and decision number names a file that exists', () => {
    const exists = (p: string) => existsSync(path.join(root, p));
    const broken = texts.flatMap(([f, t]) => brokenDocPaths(f, t, exists, decisions));
    expect(format(broken)).toBe('');
  });

  test('every section named in a citation of the architecture page is a heading of docs/architecture.md', () => {
    const page = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
    const headings = new Set([...page.matchAll(/^## (.+)$/gm)].map((m) => m[1]!.trim()));
    expect(headings.has('Growing past one machine')).toBe(true);
    const broken = texts.flatMap(([f, t]) => brokenArchitectureSections(f, t, headings));
    expect(format(broken)).toBe('');
    const page2 = 'docs/architecture.md'; // built, so this file's own examples are not citations
    expect(brokenArchitectureSections('x', `${page2} "Data" and ${page2} "Nowhere"`, headings).map((b) => b.citation)).toEqual([
      `${page2} "Nowhere"`,
    ]);
  });

  test('nothing cites the architecture page by its name outside the repository', () => {
    const citing = texts.filter(([, t]) => t.includes(OUTSIDE_NAME)).map(([f]) => f);
    expect(citing).toEqual([]);
  });

  test('every section named in a citation of the README is a heading of README.md', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const headings = new Set([...readme.matchAll(/^## (.+)$/gm)].map((m) => m[1]!.trim()));
    const broken = texts.flatMap(([f, t]) => brokenReadmeSections(f, t, headings));
    expect(format(broken)).toBe('');
    const r = 'README'; // built, so this file's own examples are not citations
    expect(brokenReadmeSections('x', `${r} "Security" and ${r}, "Nowhere"`, headings).map((b) => b.citation)).toEqual([`${r}, "Nowhere"`]);
  });

  test('removing a section breaks the citations of it', () => {
    const without9 = rules.replace(/^## 9\. /m, '## Nine. ');
    const fewer = sectionsOf(without9);
    expect(fewer.has('9')).toBe(false);
    const broken = texts.flatMap(([f, t]) => brokenSpecCitations(f, t, fewer));
    expect(broken.length).toBeGreaterThan(0);
    expect(broken.every((b) => b.citation.startsWith('§9 '))).toBe(true);
  });

  test('chained and numbered forms are read: each § in a chain is checked, a sentence full stop is not a subsection', () => {
    const s = new Set(['3', '4', '4.2']);
    expect(brokenSpecCitations('x', `// ${cite('3')}/§4 and ${cite('4.2')}. End.`, s)).toEqual([]);
    expect(brokenSpecCitations('x', `// ${cite('3')}, §12`, s).map((b) => b.citation)).toEqual([`§12 in "${cite('3')}, §12"`]);
    expect(brokenSpecCitations('x', `// ${cite('4.7')}`, s)).toHaveLength(1);
  });

  test('a missing docs file or decision number is reported, the template name is not', () => {
    const none = () => false;
    const d = 'docs/'; // built, so this file's own examples are not citations
    const text = `see ${d}gone.md and ${d}decisions/099 and ${d}decisions/001 and ${d}decisions/NNN-title.md`;
    expect(brokenDocPaths('x', text, none, ['001-a.md']).map((b) => b.citation)).toEqual([`${d}gone.md`, `${d}decisions/099`]);
  });
});
