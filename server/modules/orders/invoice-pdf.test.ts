import { overlappingWords, pdfText, pdfWords } from '../../../tests/helpers/pdf.ts';
import { splitInclusive } from './gst-rules.ts';
import { renderTaxDocument, type TaxDocumentLine, type TaxDocumentView } from './invoice-pdf.ts';

// The invoice's table never overlaps (docs/decisions/028-gst-tax-invoices.md): read back with pdftotext -bbox, no
// two words on a page share any space, whatever the names and however many lines.

const LONG =
  'Optimum Nutrition Gold Standard 100% Whey Protein Isolate and Concentrate Blend, Double Rich Chocolate with Extra Cocoa, Digestive Enzymes and Added BCAAs';

function line(i: number, intrastate: boolean): TaxDocumentLine {
  const gross = 123_456 + i * 7_919;
  const quantity = 1 + (i % 4);
  const discount = i % 3 === 0 ? 1_234 : 0;
  return {
    description: i % 2 === 0 ? `L${i}X ${LONG}` : `L${i}X Shaker ${i}`,
    hsn: '2106',
    quantity,
    unitPrice: Math.ceil((gross + discount) / quantity),
    discount,
    rateBp: 1800,
    ...splitInclusive(gross, 1800, intrastate),
    total: gross,
  };
}

function view(count: number, intrastate: boolean): TaxDocumentView {
  return {
    kind: 'invoice',
    serial: 'KSR/26-27/000042',
    date: '7 Dec 2026',
    references: ['Order KS100042', 'Shipment KS100042-1 · AWB DL1234567'],
    seller: {
      legalName: 'Kasrat Nutrition Private Limited',
      gstin: '07AAKCK4821R1ZW',
      address: ['Plot 14, Okhla', 'New Delhi, Delhi 110020'],
      email: 'care@kasrat.in',
    },
    buyer: { name: 'Asha Rao', lines: ['21, MG Road, Near Metro Station', 'Bengaluru, Karnataka 560001', 'Phone 9876543210'] },
    placeOfSupply: intrastate ? { code: '07', name: 'Delhi' } : { code: '29', name: 'Karnataka' },
    intrastate,
    lines: Array.from({ length: count }, (_, i) => line(i, intrastate)),
  };
}

describe('tax invoice layout', () => {
  for (const intrastate of [true, false]) {
    test(`long names and ${intrastate ? 'CGST + SGST' : 'IGST'} over many pages: no overlap, the header on every page`, async () => {
      const v = view(70, intrastate);
      const bytes = await renderTaxDocument(v);
      const { pages, words } = pdfWords(bytes);
      expect(pages).toBeGreaterThanOrEqual(3);
      expect(overlappingWords(words)).toEqual([]);
      for (let p = 1; p <= pages; p++) {
        const onPage = words.filter((w) => w.page === p);
        // Every page but the totals-only one starts its table with the header row.
        if (onPage.some((w) => /^L\d+X$/.test(w.text))) expect(onPage.map((w) => w.text)).toContain(intrastate ? 'CGST' : 'IGST');
        expect(onPage.map((w) => w.text).join(' ')).toContain(`page ${p} of ${pages}`);
        // Nothing runs past the page's printable area.
        for (const w of onPage) expect(w.yMax).toBeLessThanOrEqual(842 - 20);
      }
      // Every line is there once, in order, each row below the one before it (or on a later page).
      const markers = words.filter((w) => /^L\d+X$/.test(w.text));
      expect(markers.map((w) => w.text)).toEqual(v.lines.map((_, i) => `L${i}X`));
      for (let i = 1; i < markers.length; i++) {
        const [a, b] = [markers[i - 1], markers[i]] as [(typeof markers)[number], (typeof markers)[number]];
        if (a.page === b.page) expect(b.yMin).toBeGreaterThan(a.yMax);
        else expect(b.page).toBe(a.page + 1);
      }
      // A wrapped name's last words sit above the next row's first word.
      const text = pdfText(bytes);
      expect(text).toContain('Added BCAAs');
    });
  }

  test('a short invoice fits on one page with its totals and the amount in words', async () => {
    const bytes = await renderTaxDocument(view(2, true));
    const { pages, words } = pdfWords(bytes);
    expect(pages).toBe(1);
    expect(overlappingWords(words)).toEqual([]);
    expect(pdfText(bytes)).toMatch(/Amount in words: Rupees .+ Only/);
  });
});
