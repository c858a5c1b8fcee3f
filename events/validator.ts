// A fast yes/no check compiled once from a zod schema, for the emit hot path: zod's safeParse costs ≈2.5 µs
// per event (it builds a cloned result); this walks the same definition without allocating. The zod schema
// stays the single source of truth: any construct not understood here is delegated to zod itself, and
// validator.test.ts checks both agree. Only a failing event goes through zod, for its error message.
import type { $ZodType } from 'zod/v4/core';

/** Any zod schema, classic or mini: both share zod's core definitions. */
type Schema = $ZodType;

type Check = (v: unknown) => boolean;
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

function checksFor(def: Def, kind: 'string' | 'number' | 'array'): Check[] | null {
  const out: Check[] = [];
  for (const c of def.checks ?? []) {
    const d = c._zod.def;
    const n = d.maximum as number;
    const m = d.minimum as number;
    const value = d.value as number;
    if (d.check === 'max_length') out.push((v) => (v as string | unknown[]).length <= n);
    else if (d.check === 'min_length') out.push((v) => (v as string | unknown[]).length >= m);
    else if (kind === 'string' && d.check === 'string_format' && d.format === 'regex') {
      const re = d.pattern as RegExp;
      out.push((v) => {
        re.lastIndex = 0;
        return re.test(v as string);
      });
    } else if (kind === 'number' && d.check === 'number_format' && d.format === 'safeint') out.push((v) => Number.isSafeInteger(v));
    else if (kind === 'number' && d.check === 'greater_than')
      out.push(d.inclusive ? (v) => (v as number) >= value : (v) => (v as number) > value);
    else if (kind === 'number' && d.check === 'less_than')
      out.push(d.inclusive ? (v) => (v as number) <= value : (v) => (v as number) < value);
    else return null;
  }
  return out;
}

function all(base: Check, checks: Check[]): Check {
  if (checks.length === 0) return base;
  if (checks.length === 1) {
    const [only] = checks;
    return (v) => base(v) && only(v);
  }
  return (v) => {
    if (!base(v)) return false;
    for (let i = 0; i < checks.length; i++) if (!checks[i](v)) return false;
    return true;
  };
}

/** Compiles a zod schema into a predicate with the same verdict as `schema.safeParse(v).success`. */
export function compileValidator(schema: Schema): Check {
  const def = defOf(schema);
  const viaZod: Check = (v) => (schema as unknown as { safeParse(v: unknown): { success: boolean } }).safeParse(v).success;
  switch (def.type) {
    case 'string': {
      const checks = checksFor(def, 'string');
      return checks ? all((v) => typeof v === 'string', checks) : viaZod;
    }
    case 'number': {
      const checks = checksFor(def, 'number');
      return checks ? all((v) => typeof v === 'number' && Number.isFinite(v), checks) : viaZod;
    }
    case 'boolean':
      return (v) => typeof v === 'boolean';
    case 'literal': {
      const values = def.values ?? [];
      return values.length === 1 ? (v) => v === values[0] : (v) => values.includes(v);
    }
    case 'enum': {
      const allowed = new Set(Object.values(def.entries ?? {}));
      return (v) => allowed.has(v as never);
    }
    case 'optional': {
      const inner = compileValidator(def.innerType as Schema);
      return (v) => v === undefined || inner(v);
    }
    case 'nullable': {
      const inner = compileValidator(def.innerType as Schema);
      return (v) => v === null || inner(v);
    }
    case 'array': {
      const checks = checksFor(def, 'array');
      if (!checks) return viaZod;
      const element = compileValidator(def.element as Schema);
      return all((v) => {
        if (!Array.isArray(v)) return false;
        for (let i = 0; i < v.length; i++) if (!element(v[i])) return false;
        return true;
      }, checks);
    }
    case 'object': {
      // Plain indexed loops: this closure runs once per object of every event.
      const keys = Object.keys(def.shape ?? {});
      const fields = keys.map((key) => compileValidator((def.shape as Record<string, Schema>)[key]));
      const count = keys.length;
      return (v) => {
        if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
        const o = v as Record<string, unknown>;
        for (let i = 0; i < count; i++) if (!fields[i](o[keys[i]])) return false;
        return true;
      };
    }
    case 'union': {
      if (!def.discriminator) return viaZod;
      const key = def.discriminator;
      const byTag = new Map<unknown, Check>();
      for (const option of def.options ?? []) {
        const tag = defOf(defOf(option).shape?.[key] as Schema);
        if (tag.type !== 'literal') return viaZod;
        for (const value of tag.values ?? []) byTag.set(value, compileValidator(option));
      }
      return (v) => {
        if (v === null || typeof v !== 'object') return false;
        const check = byTag.get((v as Record<string, unknown>)[key]);
        return check ? check(v) : false;
      };
    }
    default:
      return viaZod;
  }
}
