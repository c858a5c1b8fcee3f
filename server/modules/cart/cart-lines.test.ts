import { describe, expect, test } from 'vitest';
import { compileOnlyDb } from '../../../tests/helpers/compile-only-db.ts';
import { type CartKey, cartSnapshotQuery, compiledCartSnapshot } from './cart-lines.ts';

// The cart snapshot compiled once per form (by cart id, by customer, by session) must be the statement built afresh, with only
// the key of each call in it.

const db = compileOnlyDb();

describe('compiledCartSnapshot', () => {
  test.each<[CartKey, CartKey]>([
    [{ customerId: 41 }, { customerId: 97 }],
    [{ id: 'cart-a' }, { id: 'cart-b' }],
    [{ sessionId: 'session-a' }, { sessionId: 'session-b' }],
  ])('is the fresh statement, with each call its own key: %o, %o', (first, second) => {
    for (const cart of [first, second, first]) {
      const fresh = cartSnapshotQuery(db, cart).compile();
      const cached = compiledCartSnapshot(db, cart);
      expect(cached.sql).toBe(fresh.sql);
      expect(cached.parameters).toEqual(fresh.parameters);
      expect(cached.parameters).toContain(Object.values(cart)[0]);
    }
  });
});
