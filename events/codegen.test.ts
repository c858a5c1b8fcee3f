import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { z } from 'zod';
import { CatalogueEvent } from './catalogue.ts';
import { isValidEvent as isValid } from './check.generated.ts';
import { EVENT_CHECK_FILE, eventCheckSource, UnsupportedSchema, validatorSource } from './codegen.ts';

/** Generates a validator for `schema` into a module of its own and loads it, as the build loads the event check. */
async function generated(schema: z.core.$ZodType): Promise<(v: unknown) => boolean> {
  const dir = mkdtempSync(path.join(import.meta.dirname, '.gen-'));
  try {
    const file = path.join(dir, 'check.ts');
    writeFileSync(file, validatorSource(schema, 'check'));
    return ((await import(/* @vite-ignore */ file)) as { check: (v: unknown) => boolean }).check;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the committed event check is what the catalogue generates today (run `npm run gen:events`)', () => {
  expect(readFileSync(path.join(import.meta.dirname, '..', EVENT_CHECK_FILE), 'utf8')).toBe(eventCheckSource());
});
const item = { variant_id: 1, product_id: 2, sku: 'ON-1', name: 'Whey', mrp: 300000, sale_price: 250000 };
const samples: unknown[] = [
  { name: 'add_to_cart', item, origin: 'pdp' },
  { name: 'view_cart', items: [item, { ...item, is_freebie: true, quantity: 2 }], value: 10 },
  { name: 'purchase', order_id: 'KS-1', items: [item], value: 1, payment_method: 4, path: 'retry' },
  { name: 'view_item_list', list_name: 'x', listing: 'sale', items: [item], fill_items: [item], active_filters: 0, active_price: false },
  { name: 'view_promotion', promotion: { section: 'banner_web', position: 0 } },
  { name: 'user_login', method: 'otp', identifier_type: 'phone' },
  { name: 'store_contact_clicked', store_id: 3, store_name: 'Delhi', action: 'call' },
  { name: 'page_view' },
];

describe('compiled validator agrees with zod', () => {
  test.each(samples.map((s) => [(s as { name: string }).name, s]))('valid %s', (_n, sample) => {
    expect(CatalogueEvent.safeParse(sample).success).toBe(true);
    expect(isValid(sample)).toBe(true);
  });

  test.each([
    ['unknown name', { name: 'nope' }],
    ['missing item', { name: 'add_to_cart', origin: 'pdp' }],
    ['negative price', { name: 'add_to_cart', item: { ...item, mrp: -1 }, origin: 'pdp' }],
    ['fractional paise', { name: 'add_to_cart', item: { ...item, mrp: 1.5 }, origin: 'pdp' }],
    ['NaN price', { name: 'add_to_cart', item: { ...item, sale_price: Number.NaN }, origin: 'pdp' }],
    ['Infinity', { name: 'view_cart', items: [], value: Number.POSITIVE_INFINITY }],
    ['bad origin', { name: 'add_to_cart', item, origin: 'home' }],
    ['zero quantity', { name: 'add_to_cart', item: { ...item, quantity: 0 }, origin: 'pdp' }],
    ['long sku', { name: 'view_item', item: { ...item, sku: 'x'.repeat(501) } }],
    ['null', null],
    ['array', []],
    ['string', 'page_view'],
  ])('invalid: %s', (_n, sample) => {
    expect(CatalogueEvent.safeParse(sample).success).toBe(false);
    expect(isValid(sample)).toBe(false);
  });

  test('property: any mutation of a valid event gets the same verdict from both', () => {
    const junk = fc.oneof(
      fc.anything(),
      fc.constant(undefined),
      fc.constant(null),
      fc.double(),
      fc.integer({ min: -5, max: 1e6 }),
      fc.string({ maxLength: 600 }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...samples), fc.array(fc.tuple(fc.nat(20), junk), { maxLength: 3 }), (sample, edits) => {
        const copy = structuredClone(sample) as Record<string, unknown>;
        for (const [at, value] of edits) {
          // Walk to a nested object (the item, the first line, the promotion) or stay at the top.
          const targets: Record<string, unknown>[] = [copy];
          for (const v of Object.values(copy)) {
            if (v && typeof v === 'object' && !Array.isArray(v)) targets.push(v as Record<string, unknown>);
            if (Array.isArray(v) && v[0] && typeof v[0] === 'object') targets.push(v[0] as Record<string, unknown>);
          }
          const target = targets[at % targets.length];
          const keys = Object.keys(target);
          target[keys[at % keys.length] ?? 'extra'] = value;
        }
        expect(isValid(copy)).toBe(CatalogueEvent.safeParse(copy).success);
      }),
      { numRuns: 2000 },
    );
  });

  test('string formats, bounds and unions beyond the catalogue get the verdict of zod', async () => {
    const schema = z.discriminatedUnion('kind', [
      z.object({
        kind: z.literal('code'),
        code: z
          .string()
          .regex(/^[A-Z]{2}\d+$/)
          .min(3),
        n: z.number().gt(0).lt(10),
      }),
      z.object({ kind: z.literal(['a', 'b']), tags: z.array(z.enum(['x', 'y'])).min(1), ok: z.nullable(z.boolean()) }),
    ]);
    const check = await generated(schema);
    const cases = [
      { kind: 'code', code: 'AB12', n: 5 },
      { kind: 'code', code: 'ab12', n: 5 },
      { kind: 'code', code: 'AB', n: 5 },
      { kind: 'code', code: 'AB12', n: 10 },
      { kind: 'code', code: 'AB12', n: 0 },
      { kind: 'b', tags: ['y'], ok: null },
      { kind: 'a', tags: [], ok: true },
      { kind: 'a', tags: ['z'], ok: true },
      { kind: 'c', tags: ['x'], ok: true },
      { kind: 'a', tags: ['x'] },
    ];
    for (const c of cases) expect([c, check(c)]).toEqual([c, schema.safeParse(c).success]);
    // A regex keeps no state between calls (zod's own `g` flag would make `test` alternate).
    const global = await generated(z.string().regex(/^x$/g));
    expect([global('x'), global('x'), global('x')]).toEqual([true, true, true]);
  });

  test('a construct it cannot write as code is refused when generating, not let through', () => {
    expect(() => validatorSource(z.object({ at: z.string().datetime() }), 'check')).toThrow(UnsupportedSchema);
    expect(() => validatorSource(z.number().multipleOf(5), 'check')).toThrow(UnsupportedSchema);
    expect(() => validatorSource(z.union([z.string(), z.number()]), 'check')).toThrow(UnsupportedSchema);
  });
});
