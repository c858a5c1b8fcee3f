import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { accessOf } from './docs.ts';
import { fail } from './envelope.ts';

// The test-time check of every answer against what its route declares (docs/decisions/025): the API suites make
// hundreds of calls, so a declared response schema that the handler does not keep, or an access declaration the
// handler contradicts, fails the suite that meets it. Off in the running store (buildApp's `checkAnswers`).

/** A failed check: the answer becomes a 500 naming the route and the first issue, and the test log says it. */
export const CHECK_FAILED = 'Answer check failed';

type ResponseSchemas = Record<string | number, z.ZodType | undefined>;

function problemOf(req: FastifyRequest, reply: FastifyReply, payload: unknown): string | null {
  const route = req.routeOptions;
  // A route the document hides (the API reference's own pages, storefront forms) declares nothing to hold it to.
  if (!route?.url || (route.schema as { hide?: boolean } | undefined)?.hide) return null;
  const access = accessOf({ method: req.method, url: route.url, config: route.config });
  const status = reply.statusCode;
  // SPEC §7: a guest calling a private route gets 401; a route that answers 401 must say who may call it (a sign-in
  // call that refuses wrong credentials declares `access: 'public'` itself).
  if (status === 401 && access === 'public' && !route.config?.access) return 'answered 401 but declares no access (config.access)';
  if (status < 300 && access === 'customer' && req.sessionCache === undefined)
    return "declares access 'customer' but answered without reading the session";
  if (status !== 200) return null;
  const schema = (route.schema?.response as ResponseSchemas | undefined)?.[200];
  if (!schema || typeof (schema as { safeParse?: unknown }).safeParse !== 'function') return null;
  const type = String(reply.getHeader('content-type') ?? '');
  if (typeof payload !== 'string' || !type.includes('json')) return null;
  const result = schema.safeParse(JSON.parse(payload));
  if (result.success) return null;
  const issue = result.error.issues[0];
  return `200 answer does not match its response schema: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`;
}

export function registerAnswerCheck(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    const problem = problemOf(req, reply, payload);
    if (!problem) return payload;
    const message = `${CHECK_FAILED}: ${req.method} ${req.routeOptions.url} ${problem}`;
    req.log.error(message);
    console.error(message);
    reply.code(500).header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify(fail(message));
  });
}
