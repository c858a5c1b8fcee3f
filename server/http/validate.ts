import type { z } from 'zod';
import { BadRequest } from './errors.ts';

/** Parses request input with its zod schema; a failure is a 400 naming the first offending field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
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
