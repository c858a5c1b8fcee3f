import Fastify, { type FastifyInstance } from 'fastify';

// A stand-in for Algolia's REST API on a local port (no network): it records every call (method, path, headers,
// body) and answers what the test sets. Point ALGOLIA_HOST at `origin`.

export interface AlgoliaCall {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

export type AlgoliaAnswer = { status?: number; body: unknown; delayMs?: number };

export interface FakeAlgolia {
  origin: string;
  calls: AlgoliaCall[];
  /** How the next calls are answered; the default answers every query with no hits and every write with a task. */
  answer: (call: AlgoliaCall) => AlgoliaAnswer;
  reset(): void;
  close(): Promise<void>;
}

const emptyResult = { hits: [], nbHits: 0, nbPages: 0, page: 0, hitsPerPage: 0, facets: {}, processingTimeMS: 1 };

export function defaultAnswer(call: AlgoliaCall): AlgoliaAnswer {
  if (call.path === '/1/indexes/*/queries') {
    const requests = (call.body.requests as unknown[] | undefined) ?? [];
    return { body: { results: requests.map(() => emptyResult) } };
  }
  if (call.path.endsWith('/query')) return { body: emptyResult };
  return { body: { taskID: 1, updatedAt: new Date(0).toISOString() } };
}

export async function startFakeAlgolia(): Promise<FakeAlgolia> {
  const app: FastifyInstance = Fastify({ logger: false, bodyLimit: 64 * 1024 * 1024 });
  const fake = {
    origin: '',
    calls: [] as AlgoliaCall[],
    answer: defaultAnswer,
    reset() {
      fake.calls.length = 0;
      fake.answer = defaultAnswer;
    },
    close: () => app.close(),
  };
  app.route({
    method: ['GET', 'POST', 'PUT', 'DELETE'],
    url: '/*',
    handler: async (req, reply) => {
      const call: AlgoliaCall = {
        method: req.method,
        path: decodeURIComponent(req.url),
        headers: req.headers,
        body: (req.body ?? {}) as Record<string, unknown>,
      };
      fake.calls.push(call);
      const a = fake.answer(call);
      if (a.delayMs) await new Promise((r) => setTimeout(r, a.delayMs));
      return reply.code(a.status ?? 200).send(a.body);
    },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('fake Algolia did not listen');
  fake.origin = `http://127.0.0.1:${address.port}`;
  return fake;
}
