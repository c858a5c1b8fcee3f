import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { requireOps } from './ops.ts';

// The API contract (docs/architecture.md "API conventions"): each route declares the zod schemas of its request (and,
// where one exists, its response) in its route options; @fastify/swagger turns them into one OpenAPI document,
// served at /api/docs/json, with the swagger-ui page at /api/docs (its assets served from this app: the CSP of
// server/http/security.ts allows only this origin's scripts). README "API documentation" says who may read them.

export const DOCS_PREFIX = '/api/docs';

/**
 * Handlers still parse their input themselves with `parse()` (server/http/validate.ts), after the sign-in and
 * operations checks, so the order of answers (401 before 400) and every message stay as they were. The schemas in
 * the route options are the declaration the document is built from; Fastify itself neither validates nor
 * serialises with them.
 */
export function declareOnlyCompilers(app: FastifyInstance) {
  app.setValidatorCompiler(() => (value) => ({ value }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}

// A schema zod cannot express in JSON Schema (a custom check) is documented as "any" rather than failing the page.
const fromZod = createJsonSchemaTransform({ skipList: [], zodToJsonConfig: { unrepresentable: 'any' } });

/** The answer of every JSON call (server/http/envelope.ts): failures, and successes no response schema declares. */
const ENVELOPE = {
  description: 'The API envelope: `status` 1 with `data` on success, 0 with a message the shopper can read on failure.',
  type: 'object',
  properties: { status: { enum: [0, 1] }, message: { type: 'string' }, data: {} },
  required: ['status', 'message', 'data'],
};

export async function registerApiDocs(app: FastifyInstance, { open }: { open: boolean }) {
  declareOnlyCompilers(app);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Kasrat API',
        description: 'Every /api call of the store. Responses are `{ status: 1 | 0, message, data }` (docs/architecture.md "API conventions").',
        version: '1.0.0',
      },
    },
    transform: (route) => {
      const out = fromZod(route);
      if (out.schema?.hide) return out;
      // A declared success answer, where the route has one; the envelope for every other answer.
      const response = (out.schema?.response ?? {}) as Record<string, unknown>;
      return { ...out, schema: { ...out.schema, response: { ...response, default: ENVELOPE } } };
    },
  });
  // Open with the development tools; otherwise (a plain start, production) for staff with the operations token.
  const guard = async (req: FastifyRequest) => {
    if (!open) requireOps(req);
  };
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiHooks: { onRequest: guard } });
}
