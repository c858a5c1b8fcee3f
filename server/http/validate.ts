import type { z } from 'zod';
import { BadRequest } from './errors.ts';

/** Parses request input with its zod schema; a failure is a 400 naming the first offending field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  // PostgreSQL text cannot hold NUL: refuse it here, for every route, rather than fail later with a 500.
  const nulAt = findNul(input, '');
  if (nulAt !== null) throw new BadRequest(`${nulAt ? `${nulAt}: ` : ''}text must not contain NUL characters`);
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : '';
  const message = issue ? (field && !isSpecMessage(issue.message) ? `${field}: ${issue.message}` : issue.message) : 'Invalid request';
  throw new BadRequest(message, { issues: result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) });
}

// SPEC §5 messages are shown to shoppers as they are; generic zod messages get the field name in front.
function isSpecMessage(message: string): boolean {
  return /^(Please|Passwords|Name|Maximum|Numeric|OTP|Entered|This )/.test(message);
}

/** Path of the first string holding a NUL character, '' for the root, or null when there is none. */
function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, v] of Object.entries(value)) {
    if (key.includes('\u0000')) return path;
    const found = findNul(v, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}
