import { expect, test } from 'vitest';
import type { Db } from '../db/database.ts';
import type { ProductRec } from './snapshot.ts';
import { CatalogueStore } from './store.ts';

// The product-page pieces cache (CatalogueStore.productJson) without a database: it never reads one.
const store = () => new CatalogueStore(null as unknown as Db);
const product = (id: number) => ({ id }) as ProductRec;
/** A piece computer that counts its calls. */
function counted() {
  const c = {
    calls: 0,
    piece: () => {
      c.calls++;
      return Buffer.from(`"piece ${c.calls}"`);
    },
  };
  return c;
}

test('a product-page piece is computed once per product and key', () => {
  const s = store();
  const p = product(1);
  const c = counted();
  const first = s.productJson(p, 'facts', c.piece);
  expect(s.productJson(p, 'facts', c.piece)).toBe(first);
  expect(c.calls).toBe(1);
  s.productJson(p, 'head|7', c.piece);
  s.productJson(product(2), 'facts', c.piece);
  expect(c.calls).toBe(3);
});

test('a piece computed from another piece of the same product keeps both', () => {
  const s = store();
  const p = product(1);
  let facts = 0;
  const factsPiece = () => s.productJson(p, 'facts', () => Buffer.from(`"facts ${++facts}"`));
  const head = s.productJson(p, 'head|1', () => Buffer.concat([Buffer.from('['), factsPiece(), Buffer.from(']')]));
  expect(head.toString()).toBe('["facts 1"]');
  expect(factsPiece().toString()).toBe('"facts 1"');
  expect(s.productJson(p, 'head|2', () => Buffer.concat([factsPiece(), Buffer.from('!')])).toString()).toBe('"facts 1"!');
  expect(facts).toBe(1);
});

test('the pieces are bounded: past 16,384 the cache starts again instead of growing', () => {
  const s = store();
  const first = product(0);
  const c = counted();
  s.productJson(first, 'facts', c.piece);
  for (let id = 1; id < 16_384; id++) s.productJson(product(id), 'facts', c.piece);
  s.productJson(first, 'facts', c.piece);
  expect(c.calls).toBe(16_384);
  s.productJson(product(16_384), 'facts', c.piece);
  s.productJson(first, 'facts', c.piece);
  expect(c.calls).toBe(16_386);
});
