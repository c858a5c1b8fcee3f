import type { z } from 'zod';
import type { FastifyTypeProvider } from 'fastify';
import { BadRequest } from './errors.ts';

/**
 * Sees every schema a request is parsed with. Tests and the fuzzer (npm run fuzz) use it to learn which schema each
 * route reads, without a second declaration of it; null in the running store.
 */
let parseObserver: ((schema: z.ZodType, input: unknown) => void) | null = null;
export function observeParses(observer: ((schema: z.ZodType, input: unknown) => void) | null): void {
  parseObserver = observer;
}

/** Parses request input with its zod schema; a failure is a 400 naming the first offending field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  parseObserver?.(schema, input);
  // PostgreSQL text cannot hold NUL or a lone UTF-16 surrogate: refuse them here, for every route, rather than fail
  // later with a 500.
  const bad = findUnstorable(input);
  if (bad !== null)
    throw new BadRequest(
      `${bad.path ? `${bad.path}: ` : ''}${bad.nul ? 'text must not contain NUL characters' : 'text must be valid Unicode'}`,
    );
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : '';
  const message = issue ? (field && !isSpecMessage(issue.message) ? `${field}: ${issue.message}` : issue.message) : 'Invalid request';
  throw new BadRequest(message, { issues: result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) });
}

// SPEC §5 messages are shown to shoppers as they are, and so is the Idempotency-Key header's, which names its
// header; generic zod messages get the field name in front.
function isSpecMessage(message: string): boolean {
  return /^(Please|Passwords|Name|Maximum|Numeric|OTP|Entered|This |Idempotency-Key )/.test(message);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const unstorable = (text: string): { nul: boolean } | null =>
  text.includes('\u0000') ? { nul: true } : LONE_SURROGATE.test(text) ? { nul: false } : null;

/**
 * The first string (value or key) PostgreSQL cannot store, with its path ('' for the root), or null when there is
 * none. Walks with its own stack, at any depth: one below a depth limit would reach jsonb columns and fail there.
 */
function findUnstorable(root: unknown): { path: string; nul: boolean } | null {
  const stack: Array<[unknown, string]> = [[root, '']];
  const seen = new Set<object>();
  while (stack.length) {
    const [value, path] = stack.pop() as [unknown, string];
    if (typeof value === 'string') {
      const found = unstorable(value);
      if (found) return { path, ...found };
      continue;
    }
    if (value === null || typeof value !== 'object' || seen.has(value)) continue;
    seen.add(value);
    for (const [key, v] of Object.entries(value)) {
      const found = unstorable(key);
      if (found) return { path, ...found };
      stack.push([v, path ? `${path}.${key}` : key]);
    }
  }
  return null;
}

/**
 * The type provider of every route instance (`app.withTypeProvider<ZodRequestTypes>()`): fastify-type-provider-zod's
 * ZodTypeProvider for requests only. `req.body`, `req.query` and `req.params` are the output of the route's zod
 * schemas, which Fastify has validated them with (`zodCompilers` in server/http/docs.ts). Answers are not typed by the response schema: they are serialised with JSON.stringify
 * (a cached answer is sent as the string it was) and held to their schema by tests (server/http/answer-check.ts).
 */
export interface ZodRequestTypes extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: unknown;
}
