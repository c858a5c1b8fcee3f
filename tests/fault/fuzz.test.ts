import { buildApp } from '../../server/app.ts';
import { BACKENDS } from '../helpers/app.ts';
import { fuzz } from './fuzz-harness.ts';
import { type FuzzTarget, openFuzzTarget } from './fuzz-session.ts';
import { fuzzRequestTargets, fuzzSeed } from './fuzz-targets.ts';

// Each run explores new inputs: a fresh seed, printed so a failure can be replayed with FUZZ_SEED=<seed>.
const SEED = fuzzSeed();
console.log(`[fuzz] seed ${SEED} (replay: FUZZ_SEED=${SEED} npx vitest run tests/fault/fuzz.test.ts)`);

// SPEC §7 / docs/architecture.md "API conventions": every request is validated and no input causes a 500. A short run of the fuzzer over
// every registered route (`npm run fuzz` sends 100,000 and more), plus the inputs that once made a 500.
describe.each(BACKENDS)('fuzzing every route [%s]', (backend) => {
  let target: FuzzTarget;
  beforeAll(async () => {
    target = await openFuzzTarget(backend);
  });
  afterAll(async () => target?.t.close());

  test('the routes are read from the app, and most have their zod schema found', () => {
    expect(target.routes.length).toBeGreaterThan(100);
    expect(target.schemas.size).toBeGreaterThan(60);
  });

  test('a NUL at any depth, and a lone surrogate, are a 400 naming the field, not a 500', async () => {
    let deep: unknown = 'x\u0000y';
    for (let i = 0; i < 200; i++) deep = { k: deep };
    const cases = [
      { data: [{ event_id: 'e1', custom_data: deep }] },
      { order_id: '\ud800', alg: 'AES-GCM', iv: 'AAAAAAAAAAAAAAAA', data: 'c2VjcmV0' },
    ];
    for (const [i, payload] of cases.entries()) {
      const url = i === 0 ? '/api/events/conversions' : '/api/events/affiliate';
      const res = await target.t.app.inject({
        method: 'POST',
        url,
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(i === 0 ? /NUL/ : /order_id: text must be valid Unicode/);
    }
  });

  test('2,000 fuzzed requests over every route get no 5xx and every refusal is a clear 4xx', async () => {
    const report = await fuzz(target.t.app, target.routes, target.schemas, {
      requests: 2000,
      seed: SEED,
      cookies: target.cookies,
      opsToken: target.opsToken,
      onProgress: target.renewSession,
    });
    expect(report.routesCovered).toBe(report.routes);
    // Staff of every role and the token carry the operations calls past their check (about 9 in 10 in a run this
    // short; every one in `npm run fuzz`).
    expect(report.opsRoutes).toBeGreaterThan(50);
    expect(report.opsRoutesReached).toBeGreaterThan(report.opsRoutes / 2);
    expect(report.failures).toEqual([]);
    expect(report.unclear).toEqual([]);
  }, 600_000);

  test('300 hostile request targets and Host headers against the pages get no 5xx and no link off the origin', async () => {
    const origin = 'https://www.kasrat.in';
    const app = await buildApp({
      config: { NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_ORIGIN: origin },
      handle: target.t.handle,
      clientDir: null,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const report = await fuzzRequestTargets(app, { requests: 300, seed: SEED, origin, allowedHost: 'www.kasrat.in' });
      expect(report.failures).toEqual([]);
      expect(report.sent).toBeGreaterThan(250);
    } finally {
      await app.close();
    }
  }, 600_000);
});
