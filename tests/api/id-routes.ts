import type { z } from 'zod';
import type { Route, RouteSchemas } from '../fault/fuzz-harness.ts';

// The rule that makes a route "id-taking" (the authorisation suite needs a row for every such route): a path
// parameter, or a body or query field named `id`, `…_id` or `…Id`.
export const ID_FIELD = /^(id|.+_id|.+Id)$/;

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
};
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Top-level field names of an object schema, through optional/default/pipe/union wrappers. */
export function fieldNames(schema: z.ZodType, depth = 0): string[] {
  const def = defOf(schema);
  if (depth > 8) return [];
  if (def.type === 'object') return Object.keys(def.shape ?? {});
  if (def.type === 'pipe') return [...fieldNames(def.in as z.ZodType, depth + 1), ...fieldNames(def.out as z.ZodType, depth + 1)];
  if (def.type === 'union') return (def.options ?? []).flatMap((o) => fieldNames(o, depth + 1));
  if (def.innerType) return fieldNames(def.innerType, depth + 1);
  return [];
}

export function idFieldsOf(route: Route, schemas: RouteSchemas | undefined): string[] {
  const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => `:${m[1]}`);
  const fields = [schemas?.body, schemas?.query].filter(Boolean).flatMap((s) => fieldNames(s as z.ZodType));
  return [...new Set([...params, ...fields.filter((f) => ID_FIELD.test(f))])];
}
