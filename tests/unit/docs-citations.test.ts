import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Every citation in the repository must lead somewhere a newcomer with only the clone can read: `SPEC §n` (and
// `SPEC §n.m`) to a section of docs/product-rules.md, a `docs/….md` path to a file that exists, and
// `docs/decisions/NNN` to a decision record with that number. In the comments of the code and in the documents,
// any name of a Markdown file must be a file of the repository (from its root or docs/), a section sign only ever
// marks a SPEC section, and notes the repository does not have are not cited by name at all, bare or as a file.

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

// ---------- the comments of the code, and the documents ----------

const CODE = /\.(ts|tsx|js|mjs|cjs)$/;

/**
 * The comment ranges of JavaScript or TypeScript source: a small scanner that steps over strings, template literals
 * (with their `${…}`) and regular expressions, so what is inside them is not taken for a comment.
 */
function commentRanges(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  /** Open template literals: the brace depth of each `${` we are inside. */
  const templates: number[] = [];
  let depth = 0;
  let last = ''; // the last significant character, to tell a regex from a division
  let i = 0;
  const regexMayStart = () =>
    last === '' ||
    /[(,=:[!&|?{};+\-*%<>~^]/.test(last) ||
    /\b(return|typeof|case|in|of|void|yield|await)$/.test(text.slice(Math.max(0, i - 6), i).trimEnd());
  const skipString = (quote: string) => {
    for (i++; i < text.length && text[i] !== quote && text[i] !== '\n'; i++) if (text[i] === '\\') i++;
    i++;
  };
  /** From inside a template literal: to its end (returns) or to a `${` (pushes the depth and returns). */
  const skipTemplate = () => {
    for (; i < text.length; i++) {
      if (text[i] === '\\') i++;
      else if (text[i] === '`') {
        i++;
        return;
      } else if (text[i] === '$' && text[i + 1] === '{') {
        templates.push(depth);
        depth++;
        i += 2;
        return;
      }
    }
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      ranges.push([i, end === -1 ? text.length : end]);
      i = end === -1 ? text.length : end;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      ranges.push([i, end === -1 ? text.length : end + 2]);
      i = end === -1 ? text.length : end + 2;
    } else if (c === '"' || c === "'") {
      skipString(c);
      last = 'a';
    } else if (c === '`') {
      i++;
      skipTemplate();
      last = 'a';
    } else if (c === '/' && regexMayStart()) {
      let inClass = false;
      for (i++; i < text.length && text[i] !== '\n'; i++) {
        if (text[i] === '\\') i++;
        else if (text[i] === '[') inClass = true;
        else if (text[i] === ']') inClass = false;
        else if (text[i] === '/' && !inClass) break;
      }
      i++;
      last = 'a';
    } else {
      if (c === '{') depth++;
      else if (c === '}') {
        depth--;
        if (templates.length && templates[templates.length - 1] === depth) {
          templates.pop();
          i++;
          skipTemplate();
          last = 'a';
          continue;
        }
      }
      if (!/\s/.test(c)) last = c;
      i++;
    }
  }
  return ranges;
}

/**
 * What of a file is prose: a document whole, and of code only its comments (a string, a regex or a property path
 * may look like a citation without being one). Everything else becomes spaces, so indexes and line numbers stay
 * the file's.
 */
function proseOf(file: string, text: string): string {
  let kept: Array<[number, number]>;
  if (CODE.test(file)) kept = commentRanges(text);
  else if (file.endsWith('.css')) kept = [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => [m.index, m.index + m[0].length]);
  else if (file.endsWith('.html')) kept = [...text.matchAll(/<!--[\s\S]*?-->/g)].map((m) => [m.index, m.index + m[0].length]);
  else return text;
  const out = text.replace(/[^\n]/g, ' ').split('');
  for (const [from, to] of kept) for (let i = from; i < to; i++) out[i] = text[i]!;
  return out.join('');
}

// A file name ending in .md, with any path before it; a web address's files are not the repository's.
const MD_NAME = /(?<![\w./:-])(?:\.{1,2}\/)*([\w-][\w./-]*?\.md)\b/g;

/** `*.md` names in prose that are no file of the repository, from its root or from docs/. */
function brokenMdNames(file: string, prose: string, exists: (p: string) => boolean): Broken[] {
  const broken: Broken[] = [];
  for (const m of prose.matchAll(MD_NAME)) {
    const name = m[1]!;
    if (name.includes('NNN')) continue; // CONTRIBUTING's template for a new record's name
    if (!exists(name) && !exists(`docs/${name}`)) broken.push({ file, line: lineOf(prose, m.index), citation: name });
  }
  return broken;
}

// The placeholder the documents use for "a section": `SPEC §n`.
const SPEC_PLACEHOLDER = /SPEC §n\b/g;
// A sentence ends between two section signs: the second no longer continues the first's citation.
const SENTENCE_END = /[.;!?](\s|$)/;

/**
 * Every section sign in prose that is not part of a SPEC citation: another note's section, a standard's, a bare one.
 * A sign continues the citation before it in the same sentence, as lists do (`SPEC §3 order, §7 checkout`). The rules
 * document names its own sections bare; those are checked against its sections like citations are.
 */
function brokenSectionSigns(file: string, prose: string, sections: Set<string>): Broken[] {
  const covered = new Set<number>();
  for (const re of [SPEC_CITATION, SPEC_PLACEHOLDER])
    for (const m of prose.matchAll(re)) for (let i = m.index; i < m.index + m[0].length; i++) covered.add(i);
  const broken: Broken[] = [];
  /** Where the last sign of a SPEC citation ended; -1 before the first. */
  let citing = -1;
  for (const m of prose.matchAll(/§\s?(\d+(?:\.\d+)?)?/g)) {
    const end = m.index + m[0].length;
    const continues = citing >= 0 && m[1] && !SENTENCE_END.test(prose.slice(citing, m.index));
    if (covered.has(m.index) || continues) {
      if (continues && !sections.has(m[1]!))
        broken.push({ file, line: lineOf(prose, m.index), citation: `§${m[1]} continuing a SPEC citation` });
      citing = end;
      continue;
    }
    citing = -1;
    if (file === RULES && m[1] && sections.has(m[1])) continue;
    const around = prose
      .slice(Math.max(0, m.index - 12), end + 6)
      .replace(/\s+/g, ' ')
      .trim();
    broken.push({ file, line: lineOf(prose, m.index), citation: `"${around}" is not a SPEC §n citation` });
  }
  return broken;
}

// Notes the repository does not have, which older comments cited by name: bare, as a file or with a section.
const OUTSIDE_NOTES = /\b(?:ARCHITECTURE|STYLE|XSTATE|RECIPES|ANALYTICS-NOTES|SPEC\.md)\b/g;

/** Citations of documents outside the repository, in prose. */
function outsideNotes(file: string, prose: string): Broken[] {
  return [...prose.matchAll(OUTSIDE_NOTES)].map((m) => ({ file, line: lineOf(prose, m.index), citation: m[0] }));
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

  describe('in the comments of the code and in the documents', () => {
    const prose = texts.map(([f, t]) => [f, proseOf(f, t)] as const);
    const exists = (p: string) => existsSync(path.join(root, p));

    test('every *.md name is a file of the repository, from its root or docs/', () => {
      expect(format(prose.flatMap(([f, t]) => brokenMdNames(f, t, exists)))).toBe('');
    });

    test('every § is a SPEC section', () => {
      expect(format(prose.flatMap(([f, t]) => brokenSectionSigns(f, t, sections)))).toBe('');
    });

    test('no note outside the repository is cited, bare or as a file', () => {
      expect(format(prose.flatMap(([f, t]) => outsideNotes(f, t)))).toBe('');
    });

    test('the scan reads comments, not code: a string or a regex is not prose', () => {
      const d = 'docs/'; // built, so this file's own examples are not citations
      const code = ['const gap = vars.space.md;', 'const re = /[§]/; // see SPEC §3', `/* ${d}x.md */ const s = "§9";`].join('\n');
      const p = proseOf('x.ts', code);
      expect(p).not.toContain('vars.space.md');
      expect(p).toContain('// see SPEC §3');
      expect(p).toContain(`/* ${d}x.md */`);
      expect(p).not.toContain('"§9"');
      expect(p.split('\n')).toHaveLength(3);
    });

    test('bare and file names of outside notes fail, repository files pass', () => {
      const files = new Set(['README.md', 'CONTRIBUTING.md', 'docs/architecture.md', 'bench/chunks.md']);
      const has = (p: string) => files.has(p);
      const arch = ['ARCHITECTURE', 'md'].join('.'); // built, so this file's own examples are not citations
      const text = proseOf('x.ts', `// see ${arch}, README.md, architecture.md, bench/chunks.md, ../docs/architecture.md and NOTES.md`);
      expect(brokenMdNames('x.ts', text, has).map((b) => b.citation)).toEqual([arch, 'NOTES.md']);
      expect(brokenMdNames('x.ts', proseOf('x.ts', '// https://example.com/CHANGELOG.md'), has)).toEqual([]);
      expect(outsideNotes('x.ts', proseOf('x.ts', `// ${arch}`)).map((b) => b.citation)).toEqual(['ARCHITECTURE']);
      const bare = ['ARCHITECTURE', 'XSTATE', 'RECIPES: x', 'ANALYTICS-NOTES "Lessons"', 'SPEC.md', 'README "Security"', 'SPEC'];
      expect(bare.map((b) => outsideNotes('x.ts', `// ${b}`).length)).toEqual([1, 1, 1, 1, 1, 0, 0]);
    });

    test("a § that is not SPEC §n fails: another note's section, a standard's, a bare one", () => {
      const s = new Set(['3', '4', '4.2', '8']);
      const style = ['STYLE', '§3'].join(' '); // built, so this file's own examples are not citations
      const signs = (text: string, file = 'x.ts') => brokenSectionSigns(file, proseOf(file, text), s).length;
      expect(signs(`// ${style}`)).toBe(1);
      expect(outsideNotes('x.ts', `// ${style}`).map((b) => b.citation)).toEqual(['STYLE']);
      expect(signs(`// RFC 9110 ${'§'}7.4`)).toBe(1);
      expect(signs(`// as the shopper sees it (${'§'}8)`)).toBe(1);
      expect(signs(`// ${cite('3')}/§4 and ${cite('4.2')}, ${cite('8')}; cited as \`SPEC §n\``)).toBe(0);
      // The rules document names its own sections bare; a section it does not have still fails.
      expect(signs(`see ${'§'}8 and ${'§'}4.2`, RULES)).toBe(0);
      expect(signs(`see ${'§'}12`, RULES)).toBe(1);
    });
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
