import fc from 'fast-check';
import { z } from 'zod';
import { CatalogueEvent } from './catalogue.ts';
import { compileValidator } from './validator.ts';

const isValid = compileValidator(CatalogueEvent);
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

  test('constructs it does not know are delegated to zod', () => {
    const schema = z.object({ at: z.string().datetime(), n: z.number().multipleOf(5) });
    const check = compileValidator(schema);
    expect(check({ at: '2025-01-01T00:00:00Z', n: 10 })).toBe(true);
    expect(check({ at: 'yesterday', n: 10 })).toBe(false);
    expect(check({ at: '2025-01-01T00:00:00Z', n: 7 })).toBe(false);
  });
});
