// GST rules of the tax invoice (docs/decisions/028-gst-tax-invoices.md): pure functions, integer paise throughout.
//
// 1. A GSTIN is 15 characters: the state code (2 digits), the holder's PAN (5 letters, 4 digits, 1 letter), the
//    registration number within the PAN (1-9, A-Z), the letter Z, and a check character (mod 36, below).
// 2. Prices include GST. A line's taxable value is round(gross × 100 / (100 + rate)) of the amount the shopper paid
//    for the whole line (after its share of discounts), and its tax is the rest: taxable + tax = gross exactly, so
//    the lines of an invoice add up to what was paid, to the paisa, whatever the rates.
// 3. Inside the seller's state the tax is CGST + SGST, half each; an odd paisa goes to SGST. Across states, IGST.
// 4. A serial is unique and consecutive per financial year (April–March, India time) and at most 16 characters.

import { indiaWall } from '../../../schemas/dates.ts';

/** GST state codes by state or union territory (the codes the GSTIN's first two digits use). */
export const GST_STATES: Record<string, string> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
};

/** Other spellings an address may carry, normalised as `normaliseState` does. */
const STATE_ALIASES: Record<string, string> = {
  newdelhi: '07',
  nctofdelhi: '07',
  nationalcapitalterritoryofdelhi: '07',
  orissa: '21',
  pondicherry: '34',
  uttaranchal: '05',
  damananddiu: '26',
  dadraandnagarhaveli: '26',
  andamanandnicobar: '35',
  jk: '01',
};

const normaliseState = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z]/g, '');

const BY_NAME = new Map<string, string>([
  ...Object.entries(GST_STATES).map(([code, name]) => [normaliseState(name), code] as [string, string]),
  ...Object.entries(STATE_ALIASES),
]);

/** The GST state code of a state's name as an address spells it, or null when it names no state. */
export function stateCode(name: string): string | null {
  return BY_NAME.get(normaliseState(name)) ?? null;
}

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** Rule 1: the check character of the first 14 characters of a GSTIN (weights 1, 2, 1, 2 … digit-summed in base 36). */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(first14[i] ?? '') * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36] as string;
}

/** Rule 1: why a GSTIN is not valid, or null when it is. */
export function gstinProblem(gstin: string): string | null {
  if (!GSTIN_SHAPE.test(gstin)) return 'a GSTIN is 2 digits, a PAN (5 letters, 4 digits, 1 letter), 1 character, Z and a check character';
  if (!GST_STATES[gstin.slice(0, 2)]) return `${gstin.slice(0, 2)} is not a GST state code`;
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin[14]) return 'the check character does not match';
  return null;
}

/** Rule 4: the financial year (April–March, India time) of a moment, as "2026-27". */
export function financialYear(at: Date): string {
  const ist = indiaWall(at);
  const y = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${y}-${String((y + 1) % 100).padStart(2, '0')}`;
}

/** Rule 4: the serial of the `n`th document of a series in a year: "KSR/26-27/000123" (16 characters). */
export function formatSerial(prefix: string, fy: string, n: number): string {
  return `${prefix}/${fy.slice(2)}/${String(n).padStart(6, '0')}`;
}

export interface TaxSplit {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

/** Rules 2 and 3: a GST-inclusive amount split into taxable value and tax; `rateBp` in basis points (1800 = 18%). */
export function splitInclusive(gross: number, rateBp: number, intrastate: boolean): TaxSplit {
  if (!Number.isInteger(gross) || !Number.isInteger(rateBp) || rateBp < 0) throw new RangeError(`cannot split ${gross} at ${rateBp}`);
  const base = 10_000 + rateBp;
  // round(gross × 10000 / base), half up, in integers (2·gross·10000 + base) ÷ (2·base).
  const sign = gross < 0 ? -1 : 1;
  const taxable = sign * Math.floor((2 * Math.abs(gross) * 10_000 + base) / (2 * base));
  const tax = gross - taxable;
  if (!intrastate) return { taxable, cgst: 0, sgst: 0, igst: tax };
  const cgst = sign * Math.floor(Math.abs(tax) / 2);
  return { taxable, cgst, sgst: tax - cgst, igst: 0 };
}

/** "18%", "2.5%": a rate in basis points as an invoice prints it. */
export const formatRate = (rateBp: number) => `${(rateBp / 100).toString()}%`;

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n] as string;
  return [TENS[Math.floor(n / 10)], ONES[n % 10]].filter(Boolean).join(' ');
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', belowHundred(n % 100)].filter(Boolean).join(' ');
}

/** A whole number in words with Indian grouping: thousand, lakh (1,00,000), crore (1,00,00,000), crores of crores. */
export function indianWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`cannot say ${n}`);
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const rest = n % 10_000_000;
  const parts = [
    crore ? `${indianWords(crore)} Crore` : '',
    Math.floor(rest / 100_000) ? `${belowHundred(Math.floor(rest / 100_000))} Lakh` : '',
    Math.floor((rest % 100_000) / 1000) ? `${belowHundred(Math.floor((rest % 100_000) / 1000))} Thousand` : '',
    belowThousand(rest % 1000),
  ];
  return parts.filter(Boolean).join(' ');
}

/** An amount in paise as an invoice says it: "Rupees One Lakh Twenty Three and Fifty Paise Only". */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`cannot say ${paise} paise`);
  const rupees = Math.floor(paise / 100);
  const p = paise % 100;
  return `Rupees ${indianWords(rupees)}${p ? ` and ${belowHundred(p)} Paise` : ''} Only`;
}
