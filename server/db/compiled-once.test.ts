import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { compileOnlyDb } from '../../tests/helpers/compile-only-db.ts';
import { compiledOnce } from './compiled-once.ts';
import type { Db } from './database.ts';

const db = compileOnlyDb();

const sessionOf = (d: Db, v: { id: string; since: Date }) =>
  d
    .selectFrom('sessions')
    .select(['id', 'customer_id'])
    .where('id', '=', v.id)
    .where((eb) => eb.or([eb('last_seen_at', '>', v.since), eb('expires_at', '>', v.since)]))
    .compile();

describe('compiledOnce', () => {
  test('answers the statement built afresh, with each call its own values, a value used twice in both places', () => {
    let builds = 0;
    const once = compiledOnce((d: Db, v: { id: string; since: Date }) => {
      builds++;
      return sessionOf(d, v);
    });
    const calls = [
      { id: 'a', since: new Date(1) },
      { id: 'b', since: new Date(2) },
      { id: 'a', since: new Date(3) },
    ];
    for (const values of calls) {
      const fresh = sessionOf(db, values);
      const cached = once(db, values);
      expect(cached.sql).toBe(fresh.sql);
      expect(cached.parameters).toEqual(fresh.parameters);
      expect(cached.parameters).toEqual([values.id, values.since, values.since]);
    }
    expect(builds).toBe(1);
  });

  test('compiles each form once, and keeps the forms apart', () => {
    const once = compiledOnce((d: Db, v: { id: string }, form) =>
      sql`SELECT ${form === 'count' ? sql`count(*)` : sql`*`} FROM sessions WHERE id = ${v.id}`.compile(d),
    );
    expect(once(db, { id: 'x' }, 'count').sql).toContain('count(*)');
    expect(once(db, { id: 'y' }).sql).not.toContain('count(*)');
    expect(once(db, { id: 'z' }, 'count').parameters).toEqual(['z']);
  });

  test('refuses a value the statement does not carry as a parameter (one that would shape the text)', () => {
    const once = compiledOnce((d: Db, v: { id: string; withCount: boolean }) =>
      sql`SELECT ${v.withCount ? sql`count(*)` : sql`*`} FROM sessions WHERE id = ${v.id}`.compile(d),
    );
    expect(() => once(db, { id: 'x', withCount: true })).toThrow(/withCount not a parameter/);
  });
});
