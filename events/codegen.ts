// Writes the event check as plain code (events/check.generated.ts) from the zod catalogue, at development time
// (`npm run gen:events`). Browsers then check events without zod and without building the catalogue's schemas at
// load: building them cost ~30 ms of main thread on every page (≈120 ms at Lighthouse's 4× CPU), more than the
// check does all visit. The catalogue stays the one source of truth: a test fails when the committed file differs
// from what the catalogue generates today, and another compares verdicts with zod's own.
import type { $ZodType } from 'zod/v4/core';
import { CatalogueEvent } from './catalogue.ts';

/** Any zod schema, classic or mini: both share zod's core definitions. */
type Schema = $ZodType;

interface Def {
  type: string;
  checks?: { _zod: { def: Record<string, unknown> } }[];
  shape?: Record<string, Schema>;
  element?: Schema;
  innerType?: Schema;
  options?: Schema[];
  discriminator?: string;
  values?: unknown[];
  entries?: Record<string, unknown>;
}
const defOf = (s: Schema) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** A construct the generator does not know: the catalogue must stay within what it can write as code. */
export class UnsupportedSchema extends Error {}

/**
 * The source of a module exporting `name(value: unknown): boolean`, with the verdict of
 * `schema.safeParse(value).success`. Objects, arrays and unions become functions of their own (one per schema
 * object, so a shared one such as the line item is written once); the rest are inline expressions.
 */
export function validatorSource(schema: Schema, name: string, header: string[] = []): string {
  const declarations: string[] = [];
  const functions = new Map<Schema, string>();
  let counter = 0;

  const literal = (value: unknown): string => {
    if (typeof value === 'string' || typeof value === 'boolean' || value === null) return JSON.stringify(value);
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    throw new UnsupportedSchema(`literal ${String(value)}`);
  };

  function checks(def: Def, kind: 'string' | 'number' | 'array', x: string): string[] {
    const out: string[] = [];
    for (const c of def.checks ?? []) {
      const d = c._zod.def;
      if (d.check === 'max_length') out.push(`${x}.length <= ${literal(d.maximum)}`);
      else if (d.check === 'min_length') out.push(`${x}.length >= ${literal(d.minimum)}`);
      else if (kind === 'string' && d.check === 'string_format' && d.format === 'regex') {
        const re = d.pattern as RegExp;
        const id = `re${counter++}`;
        // Without the g and y flags `test` keeps no state between calls.
        declarations.push(`const ${id} = new RegExp(${JSON.stringify(re.source)}, ${JSON.stringify(re.flags.replace(/[gy]/g, ''))});`);
        out.push(`${id}.test(${x})`);
      } else if (kind === 'number' && d.check === 'number_format' && d.format === 'safeint') out.push(`Number.isSafeInteger(${x})`);
      else if (kind === 'number' && d.check === 'greater_than') out.push(`${x} ${d.inclusive ? '>=' : '>'} ${literal(d.value)}`);
      else if (kind === 'number' && d.check === 'less_than') out.push(`${x} ${d.inclusive ? '<=' : '<'} ${literal(d.value)}`);
      else throw new UnsupportedSchema(`${kind} check ${String(d.check)} ${String(d.format ?? '')}`);
    }
    return out;
  }

  /** A boolean expression over the variable `x`. */
  function expression(schema: Schema, x: string): string {
    const def = defOf(schema);
    switch (def.type) {
      case 'string':
        return [`typeof ${x} === 'string'`, ...checks(def, 'string', x)].join(' && ');
      case 'number':
        return [`typeof ${x} === 'number'`, `Number.isFinite(${x})`, ...checks(def, 'number', x)].join(' && ');
      case 'boolean':
        return `typeof ${x} === 'boolean'`;
      case 'literal': {
        const values = def.values ?? [];
        if (values.length === 0) throw new UnsupportedSchema('empty literal');
        return values.map((v) => `${x} === ${literal(v)}`).join(' || ');
      }
      case 'enum': {
        const id = `set${counter++}`;
        declarations.push(
          `const ${id} = new Set<unknown>([${Object.values(def.entries ?? {})
            .map(literal)
            .join(', ')}]);`,
        );
        return `${id}.has(${x})`;
      }
      case 'optional':
        return `${x} === undefined || (${expression(def.innerType as Schema, x)})`;
      case 'nullable':
        return `${x} === null || (${expression(def.innerType as Schema, x)})`;
      case 'array':
      case 'object':
      case 'union':
        return `${fn(schema)}(${x})`;
      default:
        throw new UnsupportedSchema(def.type);
    }
  }

  /** The name of the function checking `schema`, written once. */
  function fn(schema: Schema): string {
    const known = functions.get(schema);
    if (known) return known;
    const def = defOf(schema);
    const id = `${def.type}${counter++}`;
    functions.set(schema, id);
    const body: string[] = [];
    if (def.type === 'array') {
      body.push('if (!Array.isArray(v)) return false;');
      const own = checks(def, 'array', 'v');
      if (own.length) body.push(`if (!(${own.join(' && ')})) return false;`);
      body.push(
        'for (let i = 0; i < v.length; i++) {',
        '  const x = v[i];',
        `  if (!(${expression(def.element as Schema, 'x')})) return false;`,
        '}',
      );
    } else if (def.type === 'object') {
      body.push("if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;", 'const o = v as Record<string, unknown>;');
      // One block per field, so each field's variable is narrowed on its own.
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        body.push('{', `  const x = o[${JSON.stringify(key)}];`, `  if (!(${expression(field, 'x')})) return false;`, '}');
      }
    } else {
      const key = def.discriminator;
      if (!key) throw new UnsupportedSchema('union without a discriminator');
      body.push(
        "if (v === null || typeof v !== 'object') return false;",
        `switch ((v as Record<string, unknown>)[${JSON.stringify(key)}]) {`,
      );
      for (const option of def.options ?? []) {
        const tag = defOf(defOf(option).shape?.[key] as Schema);
        if (tag.type !== 'literal') throw new UnsupportedSchema('discriminator that is not a literal');
        for (const value of tag.values ?? []) body.push(`  case ${literal(value)}:`);
        body.push(`    return ${fn(option)}(v);`);
      }
      body.push('  default:', '    return false;', '}');
    }
    body.push(def.type === 'union' ? '' : 'return true;');
    declarations.push(
      `function ${id}(v: unknown): boolean {\n${body
        .filter(Boolean)
        .map((l) => `  ${l}`)
        .join('\n')}\n}`,
    );
    return id;
  }

  const root = expression(schema, 'v');
  return [
    header.map((l) => `// ${l}`).join('\n'),
    ...declarations,
    `export function ${name}(v: unknown): boolean {\n  return ${root};\n}`,
    '',
  ].join('\n\n');
}

/** Where the event check is written, from the repository's root. */
export const EVENT_CHECK_FILE = 'events/check.generated.ts';

/** The event check of today's catalogue (SPEC §7). */
export function eventCheckSource(): string {
  return validatorSource(CatalogueEvent, 'isValidEvent', [
    'Generated from events/catalogue.ts by `npm run gen:events` (events/codegen.ts); do not edit.',
    'The verdict of CatalogueEvent.safeParse(event).success, without zod (events/codegen.test.ts checks both agree).',
  ]);
}
