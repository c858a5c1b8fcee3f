import Fastify, { type FastifyInstance, type RouteHandlerMethod } from 'fastify';
import { z } from 'zod';
import { CHECK_FAILED, registerAnswerCheck } from '../../server/http/answer-check.ts';
import { accessOf, zodCompilers } from '../../server/http/docs.ts';
import { ok } from '../../server/http/envelope.ts';

// The test-time answer check (server/http/answer-check.ts, docs/decisions/025): an answer that breaks its route's
// declared response schema, a 401 from a route that declares no access, and a "customer" route that answers without
// reading the session all become a loud 500; everything else passes untouched.

const Answer = z.object({ status: z.literal(1), message: z.string(), data: z.object({ n: z.number().int() }) });

async function appWith(register: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  const app = Fastify();
  zodCompilers(app);
  app.decorateRequest('sessionCache', undefined);
  registerAnswerCheck(app);
  register(app);
  await app.ready();
  return app;
}

describe('answer check', () => {
  test('an answer that keeps its declared schema passes; one that breaks it is a 500 naming the field', async () => {
    const app = await appWith((a) => {
      a.get('/good', { schema: { response: { 200: Answer } } }, async () => ok({ n: 1 }));
      a.get('/bad', { schema: { response: { 200: Answer } } }, async () => ok({ n: 'one' }));
      a.get('/undeclared', async () => ok({ anything: true }));
    });
    expect((await app.inject('/good')).statusCode).toBe(200);
    expect((await app.inject('/undeclared')).statusCode).toBe(200);
    const bad = await app.inject('/bad');
    expect(bad.statusCode).toBe(500);
    expect(bad.json().message).toMatch(new RegExp(`^${CHECK_FAILED}: GET /bad .*data\\.n`));
    await app.close();
  });

  test('a 401 needs a declared access; a customer route must read the session', async () => {
    const app = await appWith((a) => {
      const refuse: RouteHandlerMethod = async (_req, reply) => reply.code(401).send({ status: 0, message: 'Sign in', data: null });
      a.get('/public-refuses', refuse);
      a.get('/sign-in-refuses', { config: { access: 'public' } }, refuse);
      a.get('/customer-refuses', { config: { access: 'customer' } }, refuse);
      a.get('/customer-unchecked', { config: { access: 'customer' } }, async () => ok(null));
      a.get('/customer-checked', { config: { access: 'customer' } }, async (req) => {
        req.sessionCache = null;
        return ok(null);
      });
    });
    expect((await app.inject('/public-refuses')).json().message).toMatch(/answered 401 but declares no access/);
    expect((await app.inject('/customer-refuses')).statusCode).toBe(401);
    // A sign-in call refusing wrong credentials says so by declaring its access.
    expect((await app.inject('/sign-in-refuses')).statusCode).toBe(401);
    expect((await app.inject('/customer-unchecked')).json().message).toMatch(/without reading the session/);
    expect((await app.inject('/customer-checked')).statusCode).toBe(200);
    await app.close();
  });
});

describe('accessOf', () => {
  test("HEAD, which Fastify answers with the GET route's handler, has the GET route's access", () => {
    expect(accessOf({ method: 'GET', url: '/api/analytics/funnel' })).toBe('ops');
    expect(accessOf({ method: 'HEAD', url: '/api/analytics/funnel' })).toBe('ops');
  });
});
