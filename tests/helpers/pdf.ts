import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Reading a PDF back as a reader would, with poppler's pdftotext: invoices are checked as the shopper reads them.

function withFile<T>(bytes: Buffer, read: (file: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'kasrat-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    writeFileSync(file, bytes);
    return read(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text, laid out as on the page. */
export const pdfText = (bytes: Buffer): string =>
  withFile(bytes, (file) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }));

export interface PdfWord {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every word with its box, in points from the page's top left (pdftotext -bbox). */
export function pdfWords(bytes: Buffer): { pages: number; words: PdfWord[] } {
  const html = withFile(bytes, (file) => execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' }));
  const words: PdfWord[] = [];
  let page = 0;
  const re = /<page\b|<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (m[0] === '<page') {
      page++;
      continue;
    }
    const [, xMin, yMin, xMax, yMax, text] = m;
    words.push({ page, text: decode(text ?? ''), xMin: Number(xMin), yMin: Number(yMin), xMax: Number(xMax), yMax: Number(yMax) });
  }
  return { pages: page, words };
}

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

/** Pairs of words on one page whose boxes overlap by more than `tolerance` points both ways. */
export function overlappingWords(words: PdfWord[], tolerance = 0.5): Array<[PdfWord, PdfWord]> {
  const out: Array<[PdfWord, PdfWord]> = [];
  for (let i = 0; i < words.length; i++) {
    const a = words[i] as PdfWord;
    for (let j = i + 1; j < words.length; j++) {
      const b = words[j] as PdfWord;
      if (a.page !== b.page) continue;
      const x = Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin);
      const y = Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin);
      if (x > tolerance && y > tolerance) out.push([a, b]);
    }
  }
  return out;
}
