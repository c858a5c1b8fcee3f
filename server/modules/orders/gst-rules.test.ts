import {
  amountInWords,
  financialYear,
  formatSerial,
  gstinCheckChar,
  gstinProblem,
  indianWords,
  splitInclusive,
  stateCode,
} from './gst-rules.ts';

describe('GST rules (docs/decisions/028-gst-tax-invoices.md)', () => {
  test('amounts in words use lakh and crore, rupees and paise', () => {
    expect(amountInWords(1_234_567_890)).toBe(
      'Rupees One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight and Ninety Paise Only',
    );
    expect(amountInWords(10_000)).toBe('Rupees One Hundred Only');
    expect(amountInWords(5)).toBe('Rupees Zero and Five Paise Only');
    expect(amountInWords(10_000_000)).toBe('Rupees One Lakh Only');
    expect(amountInWords(11_811_01)).toBe('Rupees Eleven Thousand Eight Hundred Eleven and One Paise Only');
    expect(indianWords(1_00_00_00_000)).toBe('One Hundred Crore');
    expect(indianWords(99_99_999)).toBe('Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine');
    expect(indianWords(2_00_05_010)).toBe('Two Crore Five Thousand Ten');
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });

  test('a GSTIN is checked for shape, state code and check character', () => {
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(gstinProblem('07AAKCK4821R1ZW')).toBeNull();
    expect(gstinCheckChar('29AAGCB7383J1Z')).toBe('4');
    // One character changed: the check character no longer matches.
    expect(gstinProblem('27AAPFU0939F1ZW')).toMatch(/check character/);
    expect(gstinProblem('27AAPFU0839F1ZV')).toMatch(/check character/);
    expect(gstinProblem('99AAPFU0939F1ZV')).toMatch(/state code/);
    expect(gstinProblem('27AAPFU0939F1XV')).toMatch(/2 digits/);
    expect(gstinProblem('27aapfu0939f1zv')).toMatch(/2 digits/);
  });

  test('GST-inclusive amounts split into taxable value and tax that add back exactly', () => {
    expect(splitInclusive(118_000, 1800, true)).toEqual({ taxable: 100_000, cgst: 9_000, sgst: 9_000, igst: 0 });
    expect(splitInclusive(118_000, 1800, false)).toEqual({ taxable: 100_000, cgst: 0, sgst: 0, igst: 18_000 });
    // 99,999 × 100 / 118 = 84,744.9… → 84,745; the odd paisa of tax goes to SGST.
    expect(splitInclusive(99_999, 1800, true)).toEqual({ taxable: 84_745, cgst: 7_627, sgst: 7_627, igst: 0 });
    expect(splitInclusive(100_001, 1800, true)).toEqual({ taxable: 84_747, cgst: 7_627, sgst: 7_627, igst: 0 });
    expect(splitInclusive(1, 1800, true)).toEqual({ taxable: 1, cgst: 0, sgst: 0, igst: 0 });
    expect(splitInclusive(0, 500, false)).toEqual({ taxable: 0, cgst: 0, sgst: 0, igst: 0 });
    let seed = 7;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 48_271) % 2_147_483_647;
      const gross = seed % 10_000_000;
      const rate = [0, 500, 1200, 1800, 2800][seed % 5] as number;
      for (const intra of [true, false]) {
        const s = splitInclusive(gross, rate, intra);
        expect(s.taxable + s.cgst + s.sgst + s.igst).toBe(gross);
        expect(Math.abs(s.taxable * (10_000 + rate) - gross * 10_000)).toBeLessThanOrEqual((10_000 + rate) / 2);
        expect(s.sgst - s.cgst).toBeGreaterThanOrEqual(0);
        expect(s.sgst - s.cgst).toBeLessThanOrEqual(1);
      }
    }
  });

  test('financial years run April to March in India time; serials fit in 16 characters', () => {
    expect(financialYear(new Date('2026-04-01T00:00:00+05:30'))).toBe('2026-27');
    expect(financialYear(new Date('2026-03-31T23:59:59+05:30'))).toBe('2025-26');
    // 31 March 19:00 UTC is already 1 April in India.
    expect(financialYear(new Date('2027-03-31T19:00:00Z'))).toBe('2027-28');
    expect(financialYear(new Date('2099-12-31T12:00:00Z'))).toBe('2099-00');
    expect(formatSerial('KSR', '2026-27', 123)).toBe('KSR/26-27/000123');
    expect(formatSerial('ABC', '2026-27', 999_999).length).toBeLessThanOrEqual(16);
  });

  test('states are read as addresses write them', () => {
    expect(stateCode('Karnataka')).toBe('29');
    expect(stateCode('new delhi')).toBe('07');
    expect(stateCode('Jammu & Kashmir')).toBe('01');
    expect(stateCode('Orissa')).toBe('21');
    expect(stateCode('Ladakh')).toBe('38');
    expect(stateCode('Atlantis')).toBeNull();
  });
});
