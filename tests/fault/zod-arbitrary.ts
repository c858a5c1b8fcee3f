import fc from 'fast-check';
import type { z } from 'zod';

// A zod 4 schema → fast-check arbitrary, for the schema kinds used in schemas/. Values are mostly valid for the
// schema (so requests get past validation and reach services and the database) and sometimes just outside it
// (lengths and bounds ± 1, wrong types), because the edges are where a missing bound turns into a 500.

type Def = {
  type: string;
  checks?: Array<{ _zod: { def: Record<string, unknown> } }>;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  getter?: () => z.ZodType;
  format?: string;
  coerce?: boolean;
};

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def) => (def.checks ?? []).map((c) => c._zod.def);

/** Strings that have broken parsers and databases before: unicode, emoji, control characters, SQL and HTML. */
export const nastyString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    'null',
    'true',
    "'; DROP TABLE customers; --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '\u0000',
    'a\u0000b',
    '\uD800',
    '\uFFFF',
    '\u202E',
    '💪🏽',
    '👨‍👩‍👧‍👦',
    'प्रोटीन',
    'ﷺ',
    'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫ',
    '1'.repeat(400),
    'x'.repeat(5000),
  ),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

const anyJson: fc.Arbitrary<unknown> = fc.oneof({ maxDepth: 3 }, nastyString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));

/** Strings matching a pattern; flags fast-check cannot use (i, y) are dropped, which still yields matches. */
function matching(pattern: RegExp, maxLength: number): fc.Arbitrary<string> {
  try {
    const flags = [...pattern.flags].filter((f) => 'dgmsu'.includes(f)).join('');
    return fc.stringMatching(new RegExp(pattern.source, flags)).filter((s) => s.length <= maxLength);
  } catch {
    return fc.string({ maxLength });
  }
}

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  let min = 0;
  let max = 60;
  let exact: number | null = null;
  let format: string | null = def.format ?? null;
  let pattern: RegExp | null = null;
  for (const c of checksOf(def)) {
    if (c.check === 'min_length') min = c.minimum as number;
    else if (c.check === 'max_length') max = c.maximum as number;
    else if (c.check === 'length_equals') exact = c.length as number;
    else if (c.check === 'string_format') {
      format = (c.format as string) ?? format;
      if (c.format === 'regex' && c.pattern instanceof RegExp) pattern = c.pattern;
    }
  }
  const valid: fc.Arbitrary<string>[] = [];
  if (format === 'email') valid.push(fc.emailAddress());
  else if (format === 'uuid' || format === 'guid') valid.push(fc.uuid());
  else if (format === 'url') valid.push(fc.webUrl());
  else if (format === 'datetime') valid.push(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()));
  else if (pattern) valid.push(matching(pattern, Math.max(max, exact ?? 0)));
  else if (exact !== null) valid.push(fc.string({ minLength: exact, maxLength: exact }), fc.stringMatching(new RegExp(`^\\d{${exact}}$`)));
  else
    valid.push(
      fc.string({ minLength: min, maxLength: Math.min(max, min + 60) }),
      fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, min + 20) }),
    );
  const edge = exact ?? max;
  return fc.oneof(
    { weight: 6, arbitrary: fc.oneof(...valid) },
    { weight: 1, arbitrary: fc.constantFrom('x'.repeat(Math.min(edge + 1, 100_000)), 'y'.repeat(Math.max(0, min - 1))) },
    { weight: 2, arbitrary: nastyString },
  );
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  let min = Number.MIN_SAFE_INTEGER;
  let max = Number.MAX_SAFE_INTEGER;
  let int = false;
  for (const c of checksOf(def)) {
    if (c.check === 'greater_than') min = Math.max(min, (c.value as number) + (c.inclusive ? 0 : 1));
    else if (c.check === 'less_than') max = Math.min(max, (c.value as number) - (c.inclusive ? 0 : 1));
    else if (c.check === 'number_format') {
      int = String(c.format).includes('int');
      if (c.minimum !== undefined) min = Math.max(min, c.minimum as number);
      if (c.maximum !== undefined) max = Math.min(max, c.maximum as number);
    }
  }
  const inRange = int ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
  const small = fc.integer({ min: Math.max(min, -5), max: Math.min(max, 500) }).filter((n) => n >= min && n <= max);
  return fc.oneof(
    { weight: 4, arbitrary: min <= max && min <= 500 && max >= -5 ? small : inRange },
    { weight: 3, arbitrary: inRange },
    {
      weight: 2,
      arbitrary: fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 31 - 1, -(2 ** 31), 2 ** 53 - 1, 1.5, 1e308, -1e308, min - 1, max + 1),
    },
  );
}

/** An arbitrary for `schema`; `depth` bounds recursion through z.lazy. */
export function arbitraryFor(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 6) return fc.constant(null);
  const next = (s: z.ZodType) => arbitraryFor(s, depth + 1);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def);
    case 'number':
    case 'int':
      return def.coerce ? fc.oneof(numberArbitrary(def), numberArbitrary(def).map(String), nastyString) : numberArbitrary(def);
    case 'bigint':
      return fc.bigInt().map(String);
    case 'boolean':
      return def.coerce ? fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', '1', '0', '')) : fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
      return fc.constant(undefined);
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'enum':
      return fc.oneof(
        { weight: 8, arbitrary: fc.constantFrom(...Object.values(def.entries ?? {})) },
        { weight: 1, arbitrary: nastyString },
      );
    case 'array': {
      let min = 0;
      let max = 8;
      for (const c of checksOf(def)) {
        if (c.check === 'min_length') min = c.minimum as number;
        else if (c.check === 'max_length') max = Math.min(c.maximum as number, 60);
      }
      return fc.array(next(def.element as z.ZodType), { minLength: min, maxLength: Math.max(min, max + 1) });
    }
    case 'object': {
      const shape = def.shape ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(shape)) record[key] = next(value);
      const required = Object.entries(shape)
        .filter(([, v]) => !['optional', 'default', 'prefault'].includes(defOf(v).type))
        .map(([k]) => k);
      return fc.oneof(
        { weight: 6, arbitrary: fc.record(record, { requiredKeys: required }) },
        // A required field missing, or an unknown one added.
        { weight: 1, arbitrary: fc.record(record, { requiredKeys: [] }) },
        {
          weight: 1,
          arbitrary: fc.tuple(fc.record(record, { requiredKeys: required }), fc.string(), anyJson).map(([o, k, v]) => ({ ...o, [k]: v })),
        },
      );
    }
    case 'record':
      return fc.dictionary(next(def.keyType as z.ZodType).map(String), next(def.valueType as z.ZodType), { maxKeys: 6 });
    case 'union':
      return fc.oneof(...(def.options ?? []).map(next));
    case 'intersection':
      return anyJson;
    case 'optional':
      return fc.option(next(def.innerType as z.ZodType), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(next(def.innerType as z.ZodType), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return next(def.innerType as z.ZodType);
    case 'pipe':
      // A transform on the way in (z.preprocess) accepts anything: generate for what comes out of it.
      return defOf(def.in as z.ZodType).type === 'transform' ? next(def.out as z.ZodType) : next(def.in as z.ZodType);
    case 'lazy':
      return next((def.getter as () => z.ZodType)());
    default:
      // unknown, any, transform, custom …
      return anyJson;
  }
}

/** Query strings carry strings only: flatten a generated value the way a browser would send it. */
export function toQueryString(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return '';
  const params = new URLSearchParams();
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v) params.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    else params.append(key, v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return params.toString();
}
