import type { CompiledQuery } from 'kysely';
import type { Db } from './database.ts';

// Building a Kysely query and compiling it to SQL text is plain CPU on the server, paid again on every call though
// the text of a hot statement never changes: only its values do. Order placement spent a fifth of its server time
// there (docs/decisions/023-fewer-round-trips.md). A statement compiled once keeps its text and fills in each
// call's values.

/**
 * `build` compiled once per `form`, with a marker in place of each value; each call answers the same text with its
 * own values in the markers' places. `build` must pass every value as a bound parameter, never read it (a value
 * that chooses the statement's shape belongs in `form`), and must use each one at least once: a value the compiled
 * text does not carry is refused on the first call.
 */
export function compiledOnce<V extends object, R>(
  build: (db: Db, values: V, form: string) => CompiledQuery<R>,
): (db: Db, values: V, form?: string) => CompiledQuery<R> {
  const forms = new Map<string, { compiled: CompiledQuery<R>; slots: Array<keyof V | undefined> }>();
  return (db, values, form = '') => {
    let known = forms.get(form);
    if (!known) {
      const names = Object.keys(values) as Array<keyof V & string>;
      const markers = new Map(names.map((name) => [Symbol(name), name]));
      const compiled = build(db, Object.fromEntries([...markers].map(([marker, name]) => [name, marker])) as unknown as V, form);
      const slots = compiled.parameters.map((p) => (typeof p === 'symbol' ? markers.get(p) : undefined));
      const missing = names.filter((name) => !slots.includes(name));
      if (missing.length) throw new Error(`compiledOnce: ${missing.join(', ')} not a parameter of the statement`);
      known = { compiled, slots };
      forms.set(form, known);
    }
    const { compiled, slots } = known;
    return { ...compiled, parameters: compiled.parameters.map((p, i) => (slots[i] === undefined ? p : values[slots[i]])) };
  };
}
